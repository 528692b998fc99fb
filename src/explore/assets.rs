//! The static page, embedded in the binary so that `gridreduce explore` needs nothing beside it:
//! plain HTML, CSS and JavaScript with no dependency and no build step; the page reads its data
//! from `data.js`, which sets one global, so it opens from disk (`file://`) where `fetch()` of a
//! JSON file is refused.

use super::Model;

/// The files of the page, as (file name, contents).
pub const FILES: [(&str, &str); 3] = [
    (
        "index.html",
        include_str!("../../assets/explorer/index.html"),
    ),
    ("app.js", include_str!("../../assets/explorer/app.js")),
    ("style.css", include_str!("../../assets/explorer/style.css")),
];

/// The global `data.js` sets.
pub const DATA_GLOBAL: &str = "GRIDREDUCE_EXPLORER";

/// `data.js`: the model as a JSON literal assigned to [`DATA_GLOBAL`].
pub fn data_js(model: &Model) -> Result<String, serde_json::Error> {
    Ok(format!(
        "// Written by `gridreduce explore`: the instance model (see docs/explorer.md).\nwindow.{DATA_GLOBAL} = {};\n",
        serde_json::to_string(model)?
    ))
}
