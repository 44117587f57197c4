#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| coup_fuzz::fair(data));
