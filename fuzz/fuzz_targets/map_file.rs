//! `.map` files on arbitrary bytes: never panic; a parsed map writes back and reads back equal.
#![no_main]

use gridreduce::formats::map::MapFile;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = MapFile::parse(Path::new("fuzz.map"), data) {
        let text = serde_json::to_string(&map).unwrap();
        let again = MapFile::parse(Path::new("fuzz.map"), text.as_bytes()).unwrap();
        assert_eq!(again, map);
    }
});
