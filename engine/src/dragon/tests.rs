//! Dragon's tests.
