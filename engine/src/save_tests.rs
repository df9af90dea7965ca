//! Tests of [`crate::core::save`] against a real game (core itself names no
//! game).

use crate::core::Game;
use crate::core::Turn;
use crate::core::save::{Record, restore};
use crate::jewel::duel::Duel;

fn play(record: &mut Record<Duel>, texts: &[&str]) {
    for text in texts {
        let a = record.state().parse_action(text).unwrap();
        record.play(a).unwrap();
    }
}

#[test]
fn a_save_resumes_the_repetition_under_way() {
    let options = Default::default();
    let mut record = Record::new(Duel::new(&options));
    play(
        &mut record,
        &["C1-C2", "A3-B3", "C2-A2", "B3-B1", "A2-C2", "B1-B3"],
    );
    let save = record.save_string();
    let mut resumed = restore::<Duel>(&save, &options).unwrap();
    assert_eq!(resumed.state(), record.state());
    assert_eq!(resumed.save_string(), save);
    // From the plain position the game goes on; from the save it draws.
    let position = record.state().export_string();
    let mut plain = restore::<Duel>(&position, &options).unwrap();
    let rest = ["C2-A2", "B3-B1", "A2-C2", "B1-B3"];
    play(&mut resumed, &rest);
    play(&mut plain, &rest);
    assert!(matches!(resumed.state().turn(), Turn::Over(_)));
    assert!(!matches!(plain.state().turn(), Turn::Over(_)));
}

#[test]
fn a_bad_action_is_an_error_naming_it() {
    let options = Default::default();
    let e = restore::<Duel>("G2/3/2R red; C1-C2; C1-C3", &options).unwrap_err();
    assert!(
        e.expected
            .starts_with("action 2 of the save, `C1-C3`, is refused: "),
        "{e}"
    );
    let e = restore::<Duel>("G2/3/2R red; ; C1-C2", &options).unwrap_err();
    assert!(e.expected.contains("action 1 of the save is empty"), "{e}");
    let e = restore::<Duel>("G2/3/2R red; Z9", &options).unwrap_err();
    assert!(e.expected.starts_with("action 1 of the save: "), "{e}");
    assert!(restore::<Duel>("G2/3/2R red", &options).is_ok());
}
