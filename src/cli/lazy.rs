//! Subcommands whose arguments are built only when they are used.
//!
//! clap's derive builds the whole command tree, every argument of every
//! subcommand, before it looks at the first word of the command line; for
//! ccgate's two dozen subcommands that was about 0.4 M instructions and the
//! heap pages they touch, a fifth of what `ccgate convert` spends before its
//! first game (bench/README.md). Wrapped in [`Lazy`], a subcommand keeps its
//! name and summary in the tree (so `ccgate --help` and the suggestions for
//! a mistyped name are unchanged) and adds its arguments or nested
//! subcommands through [`clap::Command::defer`], which clap runs when that
//! subcommand is parsed, its help shown, or the tree checked.

use clap::{ArgMatches, Args, Command, Error, FromArgMatches, Subcommand};

/// `T`'s arguments (or subcommands), deferred until its subcommand is used.
#[derive(Debug)]
pub(crate) struct Lazy<T>(pub(crate) T);

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches_mut(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }

    fn augment_args(cmd: Command) -> Command {
        cmd.defer(T::augment_args)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(T::augment_args_for_update)
    }
}

impl<T: Subcommand> Subcommand for Lazy<T> {
    fn augment_subcommands(cmd: Command) -> Command {
        cmd.defer(T::augment_subcommands)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        cmd.defer(T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::super::{Cli, Command};
    use super::Lazy;

    /// clap's own checks of the whole tree (conflicting names, bad
    /// defaults, arguments of nested subcommands) still reach every deferred
    /// part.
    #[test]
    fn the_deferred_tree_passes_claps_checks() {
        Cli::command().debug_assert();
    }

    /// A deferred subcommand's own arguments, and the global ones after it,
    /// are parsed as before; a mistyped one of them is still refused.
    #[test]
    fn deferred_arguments_parse_and_mistakes_are_refused() {
        let cli =
            Cli::try_parse_from(["ccgate", "convert", "--to", "iccf", "--db", "x.db", "a.pgn"])
                .expect("a valid command line");
        assert_eq!(cli.db.as_deref(), Some("x.db"));
        let Command::Convert(Lazy(args)) = cli.command else {
            panic!("not convert: {:?}", cli.command);
        };
        assert_eq!(args.files, [std::path::PathBuf::from("a.pgn")]);
        let e = Cli::try_parse_from(["ccgate", "player", "add", "A", "--emial", "a@b.test"])
            .expect_err("a mistyped flag");
        assert!(e.to_string().contains("--email"), "{e}");
    }
}
