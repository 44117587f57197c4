pub fn run(_s: &str) {}
