//! `ccgate generate man|completions DIR`, which the Debian package and
//! `deploy/install.sh` install from: a page for every command that names
//! every flag of it, and completions that know every command. The package
//! itself is built and checked by `deploy/build-deb` in CI, not here.

use std::path::Path;

use clap::CommandFactory;

/// Runs `ccgate generate WHAT` into a new directory.
fn generate(what: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["generate", what])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    dir
}

/// Every command shown in `--help` but `help`, as its path (`["player", "add"]`),
/// with its long flags; the top level is the empty path.
fn commands(cmd: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, Vec<String>)>) {
    let flags = cmd
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(|a| a.get_long().map(str::to_owned))
        .collect();
    out.push((path.to_vec(), flags));
    // clap's `help` subcommands are `--help` again: no page of their own.
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        let mut path = path.to_vec();
        path.push(sub.get_name().to_owned());
        commands(sub, &path, out);
    }
}

fn every_command() -> Vec<(Vec<String>, Vec<String>)> {
    let mut cli = ccgate::cli::Cli::command();
    // The deferred subcommands' arguments (src/cli/lazy.rs) built too.
    cli.build();
    let mut out = Vec::new();
    commands(&cli, &[], &mut out);
    out
}

#[test]
fn every_command_has_a_man_page_naming_each_of_its_flags() {
    let dir = generate("man");
    let all = every_command();
    assert!(all.len() > 40, "{} commands", all.len());
    for (path, flags) in all {
        let name = std::iter::once("ccgate".to_owned())
            .chain(path)
            .collect::<Vec<_>>()
            .join("-");
        let page = dir.path().join(format!("{name}.1"));
        let text =
            std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        assert!(
            text.starts_with(".ie \\n(.g .ds Aq"),
            "{name}: not roff: {text}"
        );
        assert!(text.contains(&format!(".TH {name} 1")), "{name}: no title");
        for flag in flags {
            // roff writes a hyphen as \-.
            assert!(
                text.contains(&format!("\\-\\-{}", flag.replace('-', "\\-"))),
                "{name}: no --{flag}"
            );
        }
    }
    // The packaging's own command is no page, nor are clap's help commands.
    assert!(!dir.path().join("ccgate-generate.1").exists());
    assert!(!dir.path().join("ccgate-player-help-add.1").exists());
}

#[test]
fn completions_for_bash_zsh_and_fish_know_every_command() {
    let dir = generate("completions");
    let read = |file: &str| std::fs::read_to_string(dir.path().join(file)).unwrap();
    let (bash, zsh, fish) = (read("ccgate.bash"), read("_ccgate"), read("ccgate.fish"));
    assert!(bash.contains("complete -F _ccgate"), "{bash}");
    assert!(zsh.starts_with("#compdef ccgate"), "{zsh}");
    for (path, _) in every_command().into_iter().filter(|(p, _)| !p.is_empty()) {
        let last = path.last().unwrap();
        for (shell, text) in [("bash", &bash), ("zsh", &zsh), ("fish", &fish)] {
            assert!(
                text.contains(last.as_str()),
                "{shell}: no {}",
                path.join(" ")
            );
        }
    }
}

#[test]
fn generating_into_a_missing_directory_fails_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such");
    let out = assert_cmd::Command::cargo_bin("ccgate")
        .unwrap()
        .args(["generate", "man"])
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&missing.display().to_string()), "{stderr}");
    assert!(!Path::new(&missing).exists());
}
