//! `tigerseye show`: the position after the given actions, rendered, with its
//! export, its save and its legal actions.

use anyhow::Context as _;
use tigerseye_conformance::sim;
use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::{Game, GameId, GameVisitor};

use super::flags;
use super::output::legal_texts;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game.
    #[arg(long, value_parser = flags::parse_game)]
    game: GameId,
    /// Start here instead of the standard start: a position (the game's
    /// export format) or a save (the position, then each action since,
    /// each after `; `), which keeps the positions a repetition counts.
    #[arg(long)]
    position: Option<String>,
    /// A game option, `key=value` (repeatable).
    #[arg(long = "option", value_parser = flags::parse_option)]
    options: Vec<(String, String)>,
    /// Actions in the game's notation.
    actions: Vec<String>,
}

/// What to show. The position, options and actions are read by the game
/// itself, once it is known ([`run`]).
pub(crate) struct Config {
    game: GameId,
    position: Option<String>,
    options: Vec<(String, String)>,
    actions: Vec<String>,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        Ok(Config {
            game: self.game,
            position: self.position,
            options: self.options,
            actions: self.actions,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    config.game.visit(Show(&config))?;
    Ok(true)
}

/// The showing, in the game's own types.
struct Show<'a>(&'a Config);

impl GameVisitor for Show<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: Game>(self) -> anyhow::Result<()> {
        let config = self.0;
        let options = sim::build_options::<G>(&config.options)?;
        let mut record = match &config.position {
            Some(p) => restore::<G>(p, &options)?,
            None => Record::new(G::new(&options)),
        };
        for (i, text) in config.actions.iter().enumerate() {
            let state = record.state();
            let a = state
                .parse_action(text)
                .with_context(|| format!("action {}", i + 1))?;
            let mut events = Vec::new();
            if let Err(e) = record.apply(a, &mut |e| events.push(e.to_string())) {
                let state = record.state();
                let legal = legal_texts(state);
                anyhow::bail!(
                    "action {} `{text}`: {e}{}{}",
                    i + 1,
                    state
                        .refusal(a)
                        .map_or_else(String::new, |why| format!(" ({why})")),
                    if legal.is_empty() {
                        String::new()
                    } else {
                        format!("; legal here: {}", legal.join(" "))
                    }
                );
            }
            for e in events {
                println!("{:>3}. {text}: {e}", i + 1);
            }
        }
        let state = record.state();
        print!("{}", state.render_string());
        println!("position: {}", state.export_string());
        // The save, where the game's past bears on its future.
        if !record.actions().is_empty() {
            println!("save: {}", record.save_string());
        }
        let texts = legal_texts(state);
        if !texts.is_empty() {
            println!("legal ({}): {}", texts.len(), texts.join(" "));
        }
        Ok(())
    }
}
