//! `summary.md`: the run's report in markdown, readable on its own. Texts
//! that come from the user (scenario titles, reasons, failure messages) are
//! written through [`inline`], so that no title can open a heading, a table
//! cell, a link or a line of its own.

use std::fmt::Write as _;

use super::{
    CheckSummary, PerftCount, QuarantineReport, ScenarioResult, SimStats, Summary, Trend, Verdict,
    per_core,
};

/// The markdown report: readable on its own.
#[must_use]
pub fn markdown(s: &Summary) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# tigerseye {} — {}\n", s.command, s.run_id);
    let _ = writeln!(md, "- status: **{}**", s.status);
    let _ = writeln!(md, "- started: {}, {:.1} s", s.started, s.elapsed_seconds);
    let build = if s.build.is_empty() {
        String::new()
    } else {
        format!(" ({} build)", s.build)
    };
    let _ = writeln!(
        md,
        "- tool version {}{build}, schema `{}`",
        s.tool_version, s.schema
    );
    for note in &s.notes {
        let _ = writeln!(md, "- {}", inline(note));
    }
    if let Some(check) = &s.check {
        corpus(&mut md, s, check);
    }
    for sim in &s.sims {
        simulation(&mut md, sim);
    }
    policy_events(&mut md, s);
    fuzz(&mut md, s);
    chance(&mut md, s);
    if let Some(q) = &s.quarantine {
        quarantine(&mut md, q);
    }
    if let Some(t) = &s.trend {
        trend(&mut md, t);
    }
    if let Some(m) = &s.mutants {
        md.push('\n');
        super::mutants::section(&mut md, m, 2);
    }
    benchmark(&mut md, s);
    md
}

/// The seeds' rule clauses tested by scenarios, per seed and section, and the
/// untested ones with their quotes.
fn clause_coverage(md: &mut String, cov: &crate::clauses::Coverage) {
    let _ = writeln!(
        md,
        "\n### Seed clause coverage\n\n| seed | name | rule clauses | tested | percent | floor | conduct | elsewhere |\n|---|---|---:|---:|---:|---:|---:|---:|"
    );
    for s in &cov.seeds {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {:.1}% | {} | {} | {} |",
            s.seed,
            inline(&s.name),
            s.rules,
            s.tested,
            s.percent(),
            s.floor
                .map_or_else(|| "-".to_owned(), |f| format!("{f:.1}%")),
            s.conduct,
            s.elsewhere
        );
    }
    for e in &cov.errors {
        let _ = writeln!(md, "\n- clause index: {}", inline(e));
    }
    for s in &cov.seeds {
        let partial: Vec<_> = s.sections.iter().filter(|x| x.tested < x.rules).collect();
        if partial.is_empty() {
            continue;
        }
        let _ = writeln!(
            md,
            "\n#### Seed {} ({}): sections not fully tested\n\n| section | tested | rule clauses |\n|---|---:|---:|",
            s.seed,
            inline(&s.name)
        );
        for x in partial {
            let _ = writeln!(
                md,
                "| {} | {} | {} |",
                inline(&x.section),
                x.tested,
                x.rules
            );
        }
        let _ = writeln!(md, "\nUntested rule clauses:\n");
        for c in s.untested() {
            let _ = writeln!(md, "- {}: {}", code(&c.id), inline(&c.quote));
        }
    }
}

/// The scenario corpus: per game counts, failures, disputes, rulings without a
/// scenario, rule coverage and perft tables.
fn corpus(md: &mut String, s: &Summary, check: &CheckSummary) {
    let _ = writeln!(
        md,
        "\n## Scenario corpus\n\n| game | passed | failed | disputed |\n|---|---:|---:|---:|"
    );
    for (game, c) in &check.per_game {
        let _ = writeln!(
            md,
            "| {game} | {} | {} | {} |",
            c.passed, c.failed, c.disputed
        );
    }
    let failed: Vec<&ScenarioResult> = check
        .scenarios
        .iter()
        .filter(|r| r.verdict.is_failure())
        .collect();
    if !failed.is_empty() {
        let _ = writeln!(md, "\n### Failures\n");
        for r in failed {
            let _ = writeln!(
                md,
                "- {} ({}): {}",
                code(&r.path),
                r.verdict,
                inline(&r.title)
            );
            for f in &r.failures {
                let _ = writeln!(md, "  - {}", inline(f));
            }
        }
    }
    let disputed: Vec<&ScenarioResult> = check
        .scenarios
        .iter()
        .filter(|r| r.verdict == Verdict::Disputed)
        .collect();
    if !disputed.is_empty() {
        let _ = writeln!(md, "\n### Disputed scenarios\n");
        for r in disputed {
            let _ = writeln!(
                md,
                "- {}: {} — {}",
                code(&r.path),
                inline(&r.title),
                inline(r.reason.as_deref().unwrap_or(""))
            );
        }
    }
    if !check.rulings_without_scenario.is_empty() {
        let _ = writeln!(md, "\n### Rulings without a scenario\n");
        for r in &check.rulings_without_scenario {
            let _ = writeln!(md, "- `{r}`");
        }
    }
    if let Some(cov) = &check.clauses {
        clause_coverage(md, cov);
    }
    if !check.events.is_empty() {
        let _ = writeln!(
            md,
            "\n### Rule coverage\n\n| game | event | in scenarios | in random play |\n|---|---|---:|---:|"
        );
        for (game, events) in &check.events {
            let sim = s.sims.iter().find(|x| x.game.name() == game);
            for (tag, n) in events {
                let random = sim
                    .and_then(|x| x.events.get(tag))
                    .map_or("-".to_owned(), ToString::to_string);
                let _ = writeln!(md, "| {game} | {tag} | {n} | {random} |");
            }
        }
        for game in check.events.keys() {
            let never = check.events_never_fired(game);
            if !never.is_empty() {
                let _ = writeln!(md, "\nNo {game} scenario fires: {}", never.join(", "));
            }
        }
    }
    if !check.perft.is_empty() {
        let _ = writeln!(
            md,
            "\n### Perft tables\n\n| table | depth | expected | computed |\n|---|---:|---:|---:|"
        );
        for p in &check.perft {
            let computed = p
                .computed
                .map_or("skipped (node limit)".to_owned(), |c| c.to_string());
            let _ = writeln!(
                md,
                "| {} {} | {} | {} | {} |",
                p.game,
                p.name,
                match p.count {
                    PerftCount::Actions => p.depth.to_string(),
                    PerftCount::Turns => format!("{} turns", p.depth),
                    PerftCount::TurnPositions => format!("{} turns (positions)", p.depth),
                },
                p.expected,
                computed
            );
        }
        for p in &check.perft {
            if let Some(d) = &p.divide {
                let _ = writeln!(md, "\n{} {} {}: {d}", p.game, p.name, p.depth_label());
            }
        }
    }
}

/// One game's simulation: options, rates, outcomes, scores, events, lengths
/// and failures.
fn simulation(md: &mut String, sim: &SimStats) {
    if sim.policy.is_random() {
        let _ = writeln!(md, "\n## Simulation: {}\n", sim.game);
    } else {
        let _ = writeln!(md, "\n## Simulation: {} under {}\n", sim.game, sim.policy);
    }
    let opts: Vec<String> = sim
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let _ = writeln!(
        md,
        "- options: {}",
        if opts.is_empty() {
            "none".to_owned()
        } else {
            opts.join(", ")
        }
    );
    let _ = writeln!(
        md,
        "- master seed {}, shard {}/{}, {} threads, full checks on 1 step in {}",
        sim.master_seed, sim.shard.k, sim.shard.n, sim.threads, sim.full_check_every
    );
    let _ = writeln!(
        md,
        "- {} games, {} plies in {:.2} s: {:.0} games/s, {:.0} plies/s ({:.0} plies/s per thread)",
        sim.games,
        sim.plies,
        sim.elapsed_seconds,
        sim.games_per_second(),
        sim.plies_per_second(),
        per_core(sim.plies_per_second(), sim.threads)
    );
    if sim.reference_states > 0 {
        let _ = writeln!(
            md,
            "- {} states compared with the reference model",
            sim.reference_states
        );
    }
    for line in sim.policy_line().into_iter().chain(sim.length_lines()) {
        let _ = writeln!(md, "- {line}");
    }
    if let Some((_, message)) = sim.shortfall() {
        let _ = writeln!(md, "- **FAILED: {message}**");
    } else if sim.stopped_early {
        let _ = writeln!(md, "- stopped at the time budget (no game count was given)");
    }
    let _ = writeln!(
        md,
        "\n| result | rule | games | share |\n|---|---|---:|---:|"
    );
    for o in &sim.outcomes {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.2}% |",
            o.winner,
            o.rule,
            o.count,
            100.0 * o.count as f64 / sim.games.max(1) as f64
        );
    }
    if let Some(series) = crate::series::summarize(sim) {
        let _ = writeln!(md, "\n{}", series.markdown());
    }
    if !sim.scores.is_empty() && sim.scores.len() <= 40 {
        let _ = writeln!(md, "\n| final score | games |\n|---|---:|");
        for (score, n) in &sim.scores {
            let _ = writeln!(md, "| {score} | {n} |");
        }
    }
    let _ = writeln!(md, "\n| event | count |\n|---|---:|");
    for (e, n) in &sim.events {
        let _ = writeln!(md, "| {e} | {n} |");
    }
    let never = sim.events_never_fired();
    if !never.is_empty() {
        let under = if sim.policy.is_random() {
            "in random play".to_owned()
        } else {
            format!("under {}", sim.policy)
        };
        let _ = writeln!(md, "\nNever fired {under}: {}", never.join(", "));
    }
    for table in sim.game_stats.tables(sim.game) {
        let _ = write!(md, "\n{table}");
    }
    let _ = writeln!(md, "\nGame length (plies):\n\n```");
    let peak = sim
        .length
        .histogram
        .iter()
        .map(|b| b[2])
        .max()
        .unwrap_or(1)
        .max(1);
    for b in &sim.length.histogram {
        let bar = "#".repeat((b[2] * 40).div_ceil(peak) as usize);
        let _ = writeln!(md, "{:>6}-{:<6} {:>10} {bar}", b[0], b[1], b[2]);
    }
    let _ = writeln!(md, "```");
    let _ = writeln!(
        md,
        "\n![game length, {0}]({0}-length.svg) ![outcomes, {0}]({0}-outcomes.svg)",
        sim.game
    );
    if sim.failed_games > 0 {
        let _ = writeln!(md, "\n### {} failed games\n", sim.failed_games);
        for f in &sim.failures {
            let _ = writeln!(
                md,
                "- game {} (seed {:#x}), ply {}: [{}] {}\n  - replay: {}\n  - actions: {}",
                f.index,
                f.game_seed,
                f.ply,
                f.check,
                // One list item: a message of several lines (a panic's
                // place and text, in reports written before they were
                // joined) is joined by `inline`.
                inline(&f.message),
                code(&f.replay),
                inline(&f.actions.join(" "))
            );
            if let Some(shrunk) = &f.shrunk {
                let _ = writeln!(
                    md,
                    "  - {}: `failures/{}-{}.toml`",
                    shrunk.describe(),
                    sim.game,
                    f.index
                );
            }
        }
    }
}

/// The fuzz seed corpora replayed, if any.
/// For a report of several policies: each game's rule events that a policy
/// other than random fired and random play (of the same game and options, in
/// this report) never did, and those no policy fired.
fn policy_events(md: &mut String, s: &Summary) {
    let rows = super::policy_events(s);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "\n## Rule events by policy\n\n| game | policy | fired, never in random play | never fired under it |\n|---|---|---|---|"
    );
    for row in rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            row.game,
            row.policy,
            list_or_none(&row.beyond_random),
            list_or_none(&row.never_fired)
        );
    }
}

fn fuzz(md: &mut String, s: &Summary) {
    if !s.fuzz.is_empty() {
        let _ = writeln!(
            md,
            "\n## Fuzz seed corpora\n\n| target | inputs | failures |\n|---|---:|---:|"
        );
        for f in &s.fuzz {
            let _ = writeln!(md, "| {} | {} | {} |", f.target, f.inputs, f.failures.len());
        }
        for f in s.fuzz.iter().filter(|f| !f.failures.is_empty()) {
            for line in &f.failures {
                let _ = writeln!(md, "- {}: {}", f.target, inline(line));
            }
        }
    }
}

/// The chi-square tables of sampled chance outcomes, if any.
fn chance(md: &mut String, s: &Summary) {
    if !s.chance.is_empty() {
        let _ = writeln!(
            md,
            "\n## Chance frequencies (chi-square, 0.1% level)\n\n| game | outcomes | draws | statistic | ok |\n|---|---:|---:|---:|---|"
        );
        for c in &s.chance {
            for t in &c.tables {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {:.2} | {} |",
                    c.game,
                    t.outcomes,
                    t.counts.iter().sum::<u64>(),
                    t.statistic,
                    if t.ok { "yes" } else { "**NO**" }
                );
            }
        }
    }
}

/// The quarantine's tolerated, expired and now passing failures.
fn quarantine(md: &mut String, q: &QuarantineReport) {
    let _ = writeln!(md, "\n## Quarantine\n");
    let _ = writeln!(md, "- tolerated: {}", q.tolerated.len());
    for (label, list) in [
        ("tolerated", &q.tolerated),
        ("EXPIRED", &q.expired),
        ("NOW PASSING", &q.now_passing),
    ] {
        for line in list {
            let _ = writeln!(md, "- {label}: {}", inline(line));
        }
    }
}

/// The trend against the previous run.
fn trend(md: &mut String, t: &Trend) {
    let _ = writeln!(
        md,
        "\n## Trend against {}\n\n| game | plies/s per thread before | now | ratio |\n|---|---:|---:|---:|",
        t.previous_run
    );
    for g in &t.throughput {
        let _ = writeln!(
            md,
            "| {} | {:.0} | {:.0} | {:.2} |",
            g.game,
            g.before,
            g.now,
            g.now / g.before.max(1e-9)
        );
    }
    if !t.events.is_empty() {
        let _ = writeln!(
            md,
            "\nEvent frequencies that moved by more than 10% (per 1000 games):\n\n| game | event | before | now |\n|---|---|---:|---:|"
        );
        for e in &t.events {
            let _ = writeln!(
                md,
                "| {} | {} | {:.1} | {:.1} |",
                e.game, e.event, e.before, e.now
            );
        }
    }
    let _ = writeln!(md, "\n- new failures: {}", list_or_none(&t.new_failures));
    let _ = writeln!(md, "- failures gone: {}", list_or_none(&t.gone_failures));
}

/// `items` joined by commas, or `none`.
fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

/// The benchmark rows, if any.
fn benchmark(md: &mut String, s: &Summary) {
    if !s.bench.is_empty() {
        let _ = writeln!(
            md,
            "\n## Benchmark\n\n| game | kind | threads | plies/s | games/s | nodes/s | per thread | depth | rounds | spread |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        for b in &s.bench {
            let rate = b.plies_per_second.or(b.nodes_per_second).unwrap_or(0.0);
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {:.0} | {} | {} | {} |",
                b.game,
                b.kind,
                b.threads,
                b.plies_per_second.map_or("-".into(), |v| format!("{v:.0}")),
                b.games_per_second.map_or("-".into(), |v| format!("{v:.0}")),
                b.nodes_per_second.map_or("-".into(), |v| format!("{v:.0}")),
                per_core(rate, b.threads),
                b.depth.map_or("-".into(), |d| d.to_string()),
                b.rates.len(),
                crate::bench::spread_text(b),
            );
        }
    }
}

/// `text` as inline markdown that shows it as written: its lines joined by
/// " — " (so that it stays one list item or table cell), a control character
/// written as its Rust escape (`\u{1b}`), and each character markdown or HTML
/// gives a meaning (`\`, `` ` ``, `*`, `_`, `[`, `]`, `<`, `>`, `|`, `#`, `&`)
/// escaped by a backslash, but for an underscore inside a word (`sim_panics`),
/// which CommonMark never reads as emphasis.
pub(super) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push_str(" — ");
        }
        let mut before = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            let after = chars.peek().copied().unwrap_or(' ');
            match c {
                // Inside a word (`sim_panics.rs`) an underscore is no emphasis.
                '_' if before.is_alphanumeric() && after.is_alphanumeric() => out.push(c),
                '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '&' => {
                    out.push('\\');
                    out.push(c);
                }
                c if c.is_control() => out.extend(c.escape_default()),
                c => out.push(c),
            }
            before = c;
        }
    }
    out
}

/// `text` as a markdown code span: fenced by one backtick more than its
/// longest run of them (CommonMark), padded by a space where it begins or ends
/// with one, its control characters (a line break included) written as their
/// Rust escapes, so that the span stays on its line.
pub(super) fn code(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    let mut body = String::with_capacity(text.len());
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
        if c.is_control() {
            body.extend(c.escape_default());
        } else {
            body.push(c);
        }
    }
    let fence = "`".repeat(longest + 1);
    let pad = if body.starts_with('`') || body.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{body}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_text_cannot_open_markup_or_a_line() {
        let title = "a *b* | c\n# d <script>&amp; [x](y) `z`\u{1b} _e_ f_g";
        let got = inline(title);
        assert_eq!(
            got,
            r"a \*b\* \| c — \# d \<script\>\&amp; \[x\](y) \`z\`\u{1b} \_e\_ f_g"
        );
        assert!(!got.contains('\n'));
    }

    #[test]
    fn a_scenario_title_stays_inside_its_list_item() {
        let scenario = |verdict: Verdict, reason: Option<&str>| ScenarioResult {
            path: "duel/x.toml".into(),
            game: crate::check_results::CountedUnder::Game(tigerseye_engine::GameId::Duel),
            title: "x\n# Not a heading | <b>".into(),
            verdict,
            reason: reason.map(Into::into),
            failures: vec!["x.toml:1:1: one\n## two".into()],
        };
        let mut s = Summary::new("check");
        s.check = Some(super::super::CheckSummary {
            scenarios: vec![
                scenario(Verdict::Failed, None),
                scenario(Verdict::Disputed, Some("why\n# three")),
            ],
            ..Default::default()
        });
        let md = markdown(&s);
        assert!(
            md.contains(r"- `duel/x.toml` (failed): x — \# Not a heading \| \<b\>"),
            "{md}"
        );
        assert!(md.contains(r"  - x.toml:1:1: one — \#\# two"), "{md}");
        assert!(md.contains(r"— why — \# three"), "{md}");
        for heading in ["# Not", "## two", "# three"] {
            assert!(
                !md.lines().any(|l| l.starts_with(heading)),
                "{heading}: {md}"
            );
        }
    }

    #[test]
    fn a_code_span_outlasts_the_backticks_inside_it() {
        assert_eq!(code("duel/a.toml"), "`duel/a.toml`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`a``"), "``` `a`` ```");
        assert_eq!(code("a\nb"), r"`a\nb`");
    }
}
