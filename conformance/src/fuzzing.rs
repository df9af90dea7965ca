//! Drivers shared by the cargo-fuzz targets (`fuzz/`), their corpus replay under
//! `cargo test`, and the proptest properties: a game played from a list of
//! choices, every invariant checked after every step.

use tigerseye_engine::{Game, GameId, GameVisitor, Turn};

use crate::invariants::{Checker, Violation};

/// Plays `G` from the standard start, each choice picking among the legal
/// actions (`choice % n`; chance outcomes too), until the choices or the game run
/// out. Every invariant, cheap and full, is checked after every step.
///
/// # Errors
///
/// The first broken invariant, with the ply.
pub fn play_choices<G: Game>(
    choices: impl IntoIterator<Item = u64>,
) -> Result<u32, (u32, Violation)> {
    let mut state = G::new(&Default::default());
    let mut legal = G::Actions::default();
    let mut checker = Checker::new(&state);
    let mut ply = 0u32;
    let mut choices = choices.into_iter();
    loop {
        state.legal_actions(&mut legal);
        checker.cheap(&state, &legal).map_err(|v| (ply, v))?;
        checker
            .full(&state, &legal, u64::from(ply))
            .map_err(|v| (ply, v))?;
        if matches!(state.turn(), Turn::Over(_)) {
            return Ok(ply);
        }
        let Some(choice) = choices.next() else {
            return Ok(ply);
        };
        let action = legal[(choice % legal.len() as u64) as usize];
        state.apply(action, &mut |_| {}).map_err(|e| {
            (
                ply,
                Violation {
                    check: "listed-applies",
                    message: format!("{}: {e}", state.action_text(action)),
                },
            )
        })?;
        ply += 1;
    }
}

/// [`play_choices`] for `game`, each byte of `data` one choice: the fuzz target's
/// body.
///
/// # Errors
///
/// As [`play_choices`].
pub fn play_bytes(game: GameId, data: &[u8]) -> Result<u32, (u32, Violation)> {
    struct Visit<'a>(&'a [u8]);
    impl GameVisitor for Visit<'_> {
        type Output = Result<u32, (u32, Violation)>;
        fn visit<G: Game>(self) -> Self::Output {
            play_choices::<G>(self.0.iter().map(|&b| u64::from(b)))
        }
    }
    game.visit(Visit(data))
}
