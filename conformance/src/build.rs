//! How this binary was built, in one line for reports and `--version`: the
//! cargo profile, whether debug assertions are on, the `target-cpu` and
//! whether the build is profile-guided (PGO: `scripts/pgo-build`, docs/performance.md). Benchmark figures depend on all four, so `tigerseye
//! bench` writes it into its report.

/// This binary's build, e.g. `release, target-cpu=x86-64-v2` or `release,
/// target-cpu=x86-64-v2, PGO-optimized`.
#[must_use]
pub fn describe() -> String {
    describe_flags(
        env!("TIGERSEYE_BUILD_PROFILE"),
        cfg!(debug_assertions),
        env!("TIGERSEYE_BUILD_RUSTFLAGS"),
    )
}

/// The line [`describe`] gives for a cargo `profile` (`release`, `debug`),
/// `debug_assertions` and the rustc `flags` (space-separated, as given:
/// `-C target-cpu=X` or `-Ctarget-cpu=X`, `-Cprofile-use=PATH`,
/// `-Cprofile-generate=PATH`). Other flags are not named; a profile's path
/// is left out.
#[must_use]
pub fn describe_flags(profile: &str, debug_assertions: bool, flags: &str) -> String {
    let mut parts = vec![
        if profile.is_empty() {
            "unknown profile"
        } else {
            profile
        }
        .to_owned(),
    ];
    if debug_assertions {
        parts.push("debug assertions".to_owned());
    }
    // A `-C` option is either glued to its value (`-Cx=y`) or the next word.
    let mut options = Vec::new();
    let mut words = flags.split_whitespace();
    while let Some(word) = words.next() {
        if word == "-C" || word == "--codegen" {
            options.extend(words.next());
        } else if let Some(option) = word.strip_prefix("-C") {
            options.push(option);
        }
    }
    for option in options {
        if let Some(cpu) = option.strip_prefix("target-cpu=") {
            parts.push(format!("target-cpu={cpu}"));
        } else if option.starts_with("profile-use=") {
            parts.push("PGO-optimized".to_owned());
        } else if option.starts_with("profile-generate") {
            parts.push("PGO-instrumented (a training build: slow)".to_owned());
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::describe_flags;

    #[test]
    fn names_the_profile_cpu_and_pgo() {
        assert_eq!(
            describe_flags("release", false, "-C target-cpu=x86-64-v2"),
            "release, target-cpu=x86-64-v2"
        );
        assert_eq!(
            describe_flags(
                "release",
                false,
                "-Ctarget-cpu=native -Cprofile-use=/t/pgo-profiles/merged.profdata -Cllvm-args=-pgo-warn-missing-function"
            ),
            "release, target-cpu=native, PGO-optimized"
        );
        assert_eq!(
            describe_flags("release", false, "-C profile-generate=/t/pgo-profiles"),
            "release, PGO-instrumented (a training build: slow)"
        );
        assert_eq!(describe_flags("debug", true, ""), "debug, debug assertions");
        assert_eq!(describe_flags("", false, "-C"), "unknown profile");
    }
}
