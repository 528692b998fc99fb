//! Pipeline YAML files on arbitrary bytes: never panic; an error is one line; a parsed pipeline
//! writes back (`to_yaml`) and reads back equal.
#![no_main]

use gridreduce::pipeline::Pipeline;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    match Pipeline::parse(Path::new("fuzz.yaml"), data) {
        Ok(pipeline) => {
            let yaml = pipeline.to_yaml();
            let again = Pipeline::parse(Path::new("fuzz.yaml"), yaml.as_bytes())
                .unwrap_or_else(|e| panic!("re-parse of\n{yaml}\nfailed: {e}"));
            assert_eq!(again, pipeline, "{yaml}");
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    }
});
