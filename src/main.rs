use std::process::ExitCode;

fn main() -> ExitCode {
    ccgate::cli::run()
}
