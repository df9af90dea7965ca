//! Records how the `tigerseye` binary was built: the cargo profile and the
//! flags rustc was given (`CARGO_ENCODED_RUSTFLAGS`: `.cargo/config.toml`'s
//! `target-cpu`, or `RUSTFLAGS` such as the profile-guided build's
//! `-Cprofile-use`), so a benchmark report says which build its figures come
//! from ([`tigerseye_conformance::build`], docs/performance.md).

fn main() {
    let profile = std::env::var("PROFILE").unwrap_or_default();
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .unwrap_or_default()
        .replace('\x1f', " ");
    println!("cargo:rustc-env=TIGERSEYE_BUILD_PROFILE={profile}");
    println!("cargo:rustc-env=TIGERSEYE_BUILD_RUSTFLAGS={flags}");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    println!("cargo:rerun-if-changed=build.rs");
}
