//! The `ccgate convert` and `ccgate notations` contract that scripts rely on.

use assert_cmd::Command;

fn ccgate() -> Command {
    Command::cargo_bin("ccgate").expect("binary")
}

fn stdout_of(args: &[&str], input: &str) -> (String, String, i32) {
    let out = ccgate()
        .args(args)
        .write_stdin(input)
        .output()
        .expect("run");
    (
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
        out.status.code().unwrap_or(-1),
    )
}

const TWO_GAMES: &str = "[Event \"a\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n\n1. e4 e5 2. Nf3 {c} (2. f4) Nc6 1-0\n\n\
[Event \"b\"]\n\n1. d4 d5 *\n";

#[test]
fn one_line_per_game_with_numbers_and_result() {
    let (out, err, code) = stdout_of(&["convert", "--to", "iccf"], TWO_GAMES);
    assert_eq!(out, "1. 5254 5755 2. 7163 2836 1-0\n1. 4244 4745 *\n");
    assert_eq!(err, "");
    assert_eq!(code, 0);
}

#[test]
fn files_are_read_in_order_and_the_sample_converts() {
    let out = ccgate()
        .args([
            "convert",
            "--to",
            "san",
            "deploy/sample.pgn",
            "deploy/sample.pgn",
        ])
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"));
    assert!(lines[0].ends_with("10. Nf6+ gxf6 11. Bxf7# 1-0"));
    assert!(out.status.success());
}

#[test]
fn a_game_without_moves_is_its_result() {
    let (out, _, code) = stdout_of(
        &["convert", "--to", "san"],
        "[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n[Event \"y\"]\n\n*\n",
    );
    assert_eq!(out, "1/2-1/2\n*\n");
    assert_eq!(code, 0);
}

#[test]
fn an_illegal_move_is_reported_and_the_other_games_still_convert() {
    let input =
        "[White \"Anna\"]\n[Black \"Boris\"]\n\n1. e4 e5 2. Nf3 Ke7 3. Bc4 Qh4 1-0\n\n1. d4 *\n";
    let (out, err, code) = stdout_of(&["convert", "--to", "lan"], input);
    assert_eq!(
        out,
        "1. e2-e4 e7-e5 2. Ng1-f3 Ke8-e7 3. Bf1-c4 *\n1. d2-d4 *\n"
    );
    assert_eq!(code, 1);
    // game, move number, token, reason
    assert!(err.contains("game 1 (Anna - Boris)"), "{err}");
    assert!(err.contains("move 3... Qh4"), "{err}");
    assert!(err.contains("no queen of yours can reach h4"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_comment_never_closed_is_an_error_not_a_complete_game() {
    let (out, err, code) = stdout_of(&["convert", "--to", "iccf"], "1. e4 { x 2. Nf3 Nc6\n");
    assert_eq!(out, "1. 5254 *\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("game 1: the comment `{` opened at line 1, column 7 is never closed"),
        "{err}"
    );
    let (_, err, code) = stdout_of(&["convert", "--to", "iccf"], "1. e4 e5\n2. Nf3 ( 2. f4\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("the variation `(` opened at line 2, column 8 is never closed"),
        "{err}"
    );
    let (out, err, code) = stdout_of(&["convert", "--to", "iccf"], "[White \"Anna\n\n1. e4 *\n");
    assert_eq!((out.as_str(), code), ("1. 5254 *\n", 1));
    assert!(
        err.contains("the tag value `\"` opened at line 1, column 8 is never closed"),
        "{err}"
    );
}

/// 6,002 games (5.2 MB: more than is read on one thread before the others
/// start), two with an illegal move: the first and one near the middle,
/// whose number it returns too.
fn archive_with_two_bad_games() -> (String, usize) {
    let real = std::fs::read_to_string("tests/data/bench/lichess_1500.pgn").expect("bench data");
    let middle = real[real.len() / 2..]
        .find("\n[Event ")
        .map(|n| real.len() / 2 + n + 1)
        .expect("a game starts after the middle");
    let bad = |who: &str| format!("[White \"{who}\"]\n[Black \"X\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    let input = format!(
        "{}{}{}{}{}",
        bad("First"),
        &real[..middle],
        bad("Middle"),
        &real[middle..],
        real.repeat(3)
    );
    (input, real[..middle].matches("[Event ").count() + 2)
}

/// Runs `command` on the archive with one thread, then two and three: the
/// output, the two error reports and the exit status are the same each time.
fn reads_the_archive_alike_on_several_threads(command: &[&str]) {
    let (input, number) = archive_with_two_bad_games();
    let run = |jobs: &str| stdout_of(&[command, &["--jobs", jobs]].concat(), &input);
    let (out, err, code) = run("1");
    assert_eq!(out.lines().count(), 6002);
    assert_eq!(code, 1);
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(
        errors[0].starts_with("<stdin>: game 1 (First - X): move 2. Ke3"),
        "{err}"
    );
    assert!(
        errors[1].starts_with(&format!("<stdin>: game {number} (Middle - X): move 2. Ke3")),
        "{err}"
    );
    for jobs in ["2", "3"] {
        assert_eq!(run(jobs), (out.clone(), err.clone(), code), "--jobs {jobs}");
    }
}

#[test]
fn an_archive_converts_alike_on_one_thread_and_on_several() {
    reads_the_archive_alike_on_several_threads(&["convert", "--to", "iccf"]);
}

#[test]
fn an_archives_material_is_alike_on_one_thread_and_on_several() {
    reads_the_archive_alike_on_several_threads(&["material"]);
}

#[test]
fn a_report_shows_the_files_control_characters_escaped() {
    let input =
        "[White \"Anna\u{1b}]0;owned\u{7}\"]\n[Black \"Boris\"]\n\n1. e4 e5 2. K\u{1b}[2Je3 *\n";
    let (_, err, code) = stdout_of(&["convert", "--to", "iccf"], input);
    assert_eq!(code, 1);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("Anna\\u{1b}]0;owned\\u{7}"), "{err}");
    assert!(err.contains("move 2. K\\u{1b}: "), "{err}");
}

#[test]
fn an_ambiguous_move_lists_the_candidates() {
    let input = "[FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n\n1. Nd2 *\n";
    let (out, err, code) = stdout_of(&["convert", "--to", "iccf"], input);
    assert_eq!(out, "*\n");
    assert_eq!(code, 1);
    assert!(err.contains("Nbd2") && err.contains("Nfd2"), "{err}");
}

#[test]
fn a_mistyped_code_gets_did_you_mean() {
    let (out, err, code) = stdout_of(
        &["convert", "--to", "san", "--from", "iccf"],
        "1. 5254 5755 2. 1763 *\n",
    );
    assert_eq!(out, "1. e4 e5 *\n");
    assert_eq!(code, 1);
    assert!(err.contains("did you mean 7163"), "{err}");
}

#[test]
fn languages_in_and_out() {
    let (out, _, code) = stdout_of(
        &["convert", "--to", "san", "--lang", "de"],
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 *",
    );
    assert_eq!(out, "1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n");
    assert_eq!(code, 0);
    let (out, _, _) = stdout_of(
        &["convert", "--to", "uedemann", "--in-lang", "ru"],
        "1. e4 e5 2. Кf3 Кc6 3. Сb5 *",
    );
    assert_eq!(out, "1. gego seso 2. kahi napi 3. hano *\n");
    let (out, _, _) = stdout_of(
        &["convert", "--to", "san", "--lang", "ru", "--style", "pgn"],
        "1. 5254 5755 2. 7163 *",
    );
    assert_eq!(out, "1. e4 e5 2. Nf3 *\n");
}

#[test]
fn uedemann_is_read_only_when_named() {
    let (out, err, code) = stdout_of(&["convert", "--to", "iccf"], "1. gego seso *");
    assert_eq!(out, "*\n");
    assert_eq!(
        code, 1,
        "auto-detection never guesses a Uedemann table: {err}"
    );
    let (out, _, code) = stdout_of(
        &["convert", "--to", "iccf", "--from", "uedemann"],
        "1. gego seso *",
    );
    assert_eq!(out, "1. 5254 5755 *\n");
    assert_eq!(code, 0);
    let (out, _, _) = stdout_of(
        &["convert", "--to", "iccf", "--from", "uedemann-hw"],
        "1. dogo loho *",
    );
    assert_eq!(out, "1. 5254 5755 *\n");
}

#[test]
fn fen_option_and_black_to_move() {
    let (out, _, code) = stdout_of(
        &[
            "convert",
            "--to",
            "iccf",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        ],
        "1... e5 2. Nf3 *",
    );
    assert_eq!(out, "1... 5755 2. 7163 *\n");
    assert_eq!(code, 0);
    let (_, err, code) = stdout_of(&["convert", "--to", "iccf", "--fen", "not a fen"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--fen"), "{err}");
}

#[test]
fn pgn_output_keeps_tags_comments_nags_and_variations() {
    let (out, _, code) = stdout_of(&["convert", "--to", "iccf", "--pgn"], TWO_GAMES);
    assert_eq!(code, 0);
    assert!(out.starts_with("[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1-0\"]\n\n"), "{out}");
    assert!(
        out.contains("1. 5254 5755 2. 7163 {c} (2. 6264) 2... 2836 1-0\n"),
        "{out}"
    );
}

#[test]
fn variants_are_refused_with_a_message() {
    let input = "[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n\n1. d4 *\n";
    let (out, err, code) = stdout_of(&["convert", "--to", "uci"], input);
    assert_eq!(out, "*\n1. d2d4 *\n");
    assert_eq!(code, 1);
    assert!(err.contains("Crazyhouse games are not supported"), "{err}");
}

#[test]
fn unknown_notation_is_a_usage_error() {
    let (_, err, code) = stdout_of(&["convert", "--to", "klingon"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown notation"), "{err}");
}

#[test]
fn notations_lists_every_notation_and_language() {
    let (out, _, code) = stdout_of(&["notations"], "");
    assert_eq!(code, 0);
    for n in [
        "san",
        "figurine",
        "lan",
        "uci",
        "iccf",
        "uedemann",
        "uedemann-hw",
        "descriptive",
    ] {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(n)),
            "{n} missing"
        );
    }
    for l in [
        "en", "de", "fr", "es", "it", "pt", "nl", "ru", "uk", "pl", "cs", "sk", "sv", "da", "no",
        "fi", "hu", "ro", "tr", "mk", "el", "is", "et", "lt", "eo", "ca",
    ] {
        assert!(
            out.lines()
                .any(|line| line.trim_start().starts_with(&format!("{l} "))),
            "{l} missing"
        );
    }
    assert!(
        out.contains("5254")
            && out.contains("gego")
            && out.contains("dogo")
            && out.contains("P-K4")
    );
    assert!(out.contains("Кf3") && out.contains("Sf3"));
}

#[test]
fn latin1_input_is_read() {
    let bytes: Vec<u8> = b"[White \"M\xe4kel\xe4\"]\n\n1. e4 *\n".to_vec();
    let out = ccgate()
        .args(["convert", "--to", "uci", "--pgn"])
        .write_stdin(bytes)
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("[White \"Mäkelä\"]"), "{text}");
}

#[test]
fn material_of_positions_and_of_games() {
    let (out, err, code) = stdout_of(
        &[
            "material",
            "4k3/8/8/8/8/8/8/rBN1K3 w",
            "8/8/4k3/8/8/3BKP2/8/4b3 w - - 0 1",
        ],
        "",
    );
    assert_eq!(out, "KBNKR 0311.00\nKBPKB_1001 0040.10\n");
    assert_eq!((err.as_str(), code), ("", 0));
    let (out, _, code) = stdout_of(&["material"], "1. e4 d5 2. exd5 Qxd5 *\n");
    assert_eq!(
        out,
        "<stdin>: game 1: KQBBNNRRPPPPPPPKQBBNNRRPPPPPPP_1111 4888.77\n"
    );
    assert_eq!(code, 0);
    let (_, err, code) = stdout_of(&["material", "not-a-fen"], "");
    assert!(err.contains("neither a file nor a FEN"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn soviet_style_is_listed_and_descriptive_in_spanish_refused() {
    let (out, _, _) = stdout_of(&["convert", "--help"], "");
    assert!(out.contains("soviet"), "{out}");
    let (out, err, code) = stdout_of(
        &["convert", "--to", "descriptive", "--lang", "es"],
        "1. e4 *",
    );
    assert_eq!(out, "");
    assert!(err.contains("Spanish"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn a_lost_move_is_never_silent() {
    let (out, err, code) = stdout_of(&["convert", "--to", "san"], "1. 5254 5755 2. 7163 716\n");
    assert_eq!(out, "1. e4 e5 2. Nf3 *\n");
    assert!(err.contains("move 2... 716: not a move"), "{err}");
    assert_eq!(code, 1);
}
