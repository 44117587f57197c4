//! `coup-script`: reads a scenario on stdin, prints the result on stdout (SCRIPT.md).
//! Exit 0 when the scenario was read, 2 (message on stderr) when it is not valid.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("coup-script: cannot read stdin: {e}");
        return ExitCode::from(2);
    }
    match shared::script::run_to_string(&text) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            if writeln!(stdout, "{out}").is_err() {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("coup-script: {e}");
            ExitCode::from(2)
        }
    }
}
