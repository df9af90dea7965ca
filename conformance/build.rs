//! Records how the `tigerseye` binary was built: the cargo profile (`debug`,
//! `release`, `fast`) and the
//! flags rustc was given (`CARGO_ENCODED_RUSTFLAGS`: `.cargo/config.toml`'s
//! `target-cpu`, or `RUSTFLAGS` such as the profile-guided build's
//! `-Cprofile-use`), so a benchmark report says which build its figures come
//! from ([`tigerseye_conformance::build`], docs/performance.md).

fn main() {
    // The profile's folder (`target/<profile>/build/<package>-<hash>/out`):
    // `PROFILE` says only `release` or `debug`, even for the `fast` profile.
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    let profile = std::path::Path::new(&out)
        .ancestors()
        .nth(3)
        .and_then(|p| p.file_name())
        .and_then(|p| p.to_str())
        .map(str::to_owned)
        .or_else(|| std::env::var("PROFILE").ok())
        .unwrap_or_default();
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .unwrap_or_default()
        .replace('\x1f', " ");
    println!("cargo:rustc-env=TIGERSEYE_BUILD_PROFILE={profile}");
    println!("cargo:rustc-env=TIGERSEYE_BUILD_RUSTFLAGS={flags}");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    println!("cargo:rerun-if-changed=build.rs");
}
