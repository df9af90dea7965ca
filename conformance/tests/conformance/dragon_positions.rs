//! Dragon position imports that no game can reach are refused with a clear
//! error: `pending:guards` (the Guards' choice) only right after a Towering or
//! Castling of the side to move.

use tigerseye_engine::Game;
use tigerseye_engine::dragon::{Dragon, DragonOptions};

/// A position of 15 ranks: `top` (rank 15), `second` (rank 14), eleven empty
/// ranks, `fourteenth` (rank 2) and `bottom` (rank 1), then `rest`.
fn position(top: &str, second: &str, fourteenth: &str, bottom: &str, rest: &str) -> String {
    let mut ranks = vec![top, second];
    ranks.extend(["9"; 11]);
    ranks.extend([fourteenth, bottom]);
    format!(
        "{} {rest} arrows:0,0,0,0,0,0,0 cannonballs:0,0,0,0 seers:0,0 pending:guards quiet:1 ply:1",
        ranks.join("/")
    )
}

fn import(text: &str) -> Result<Dragon, String> {
    Dragon::import(text, &DragonOptions::default()).map_err(|e| e.to_string())
}

#[test]
fn the_guards_choice_imports_only_right_after_a_towering() {
    // As the scenarios have it: the royal, moved, beside the Sceptre his tower
    // became (scenarios/dragon/procedure-towering-*.toml, -castling-*.toml).
    for (text, side) in [
        (
            position("2prgs4wa'", "5gd3", "9", "4DW'4", "forest"),
            "Forest",
        ),
        (
            position("4pr4", "9", "3WD1WD3", "2DWRS4CR'", "storm"),
            "Storm",
        ),
        (
            position(
                "9",
                "4gk4",
                "3WD1WD3",
                "CR'4STDW2",
                "storm white-room:pr barren:id1,RV1 flags:ice-dragon-afire",
            ),
            "Storm, Storm Talisman",
        ),
    ] {
        let g = import(&text).unwrap_or_else(|e| panic!("{side}: {e}\n{text}"));
        assert!(g.export_string().contains("pending:guards"), "{side}");
    }
    // No Towering can have left these.
    for (text, why) in [
        (
            position("2pr'gs4wa'", "5gd3", "9", "4DW'4", "forest"),
            "the Prince has not moved",
        ),
        (
            position("2pr1gs3wa'", "5gd3", "9", "4DW'4", "forest"),
            "the Sceptre is not beside him",
        ),
        (
            position("2pr5wa'", "5gd3", "9", "4DW'4", "forest"),
            "no Sceptre",
        ),
        (
            position("gs8", "5gd2pr", "9", "4DW'4", "forest"),
            "the Sceptre is next in square order but on the rank above",
        ),
        (
            position("4pr4", "9", "3WD1WD3", "2DW'RS4CR'", "storm"),
            "the Warlord has not moved",
        ),
        (
            position("4pr4", "9", "3WD1WD3", "2DW1RS3CR'", "storm"),
            "the Red Sceptre is not beside him",
        ),
        (
            position("4prgs3", "9", "3WD1WD3", "2DW5CR'", "storm"),
            "the Sceptre beside a royal is the other side's",
        ),
    ] {
        let e = import(&text)
            .err()
            .unwrap_or_else(|| panic!("{why}: imported\n{text}"));
        assert!(
            e.contains("`pending:guards`: the Guards' choice follows only a Towering (Castling)"),
            "{why}: {e}"
        );
    }
}
