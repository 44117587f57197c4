//! The page's language: chosen and loaded before the interface mounts, and the picker.
//!
//! The choice is the one remembered in `localStorage` ([`LANG_KEY`]), else the first of
//! `navigator.languages` we have a catalog for ([`i18n::choose`]). English is built in;
//! another language's catalog is fetched from the file `index.html` names for it (the
//! service worker has it cached for offline play). A catalog that does not come, is too
//! large or does not parse leaves the page in English, with a line in the console.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::i18n::{self, Catalog, CatalogError, LANG_KEY, LANGUAGES, PSEUDO, t};
use crate::net::NetError;

/// The largest catalog the page takes; ours are a few dozen KB.
const MAX_CATALOG: usize = 512 * 1024;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// `navigator.languages`, best first.
fn browser_languages() -> Vec<String> {
    let Some(w) = web_sys::window() else {
        return Vec::new();
    };
    js_sys::Reflect::get(&w, &"navigator".into())
        .and_then(|n| js_sys::Reflect::get(&n, &"languages".into()))
        .ok()
        .and_then(|l| l.dyn_into::<js_sys::Array>().ok())
        .map(|a| a.iter().filter_map(|v| v.as_string()).collect())
        .unwrap_or_default()
}

/// The catalog file `index.html` names for `lang` (`coup-locales`: `lang=file,…`).
fn catalog_file(lang: &str) -> Option<String> {
    let doc = web_sys::window()?.document()?;
    let meta = doc
        .query_selector("meta[name=\"coup-locales\"]")
        .ok()??
        .get_attribute("content")?;
    meta.split(',').find_map(|pair| {
        let (l, file) = pair.split_once('=')?;
        (l == lang && !file.contains("..") && !file.starts_with('/')).then(|| file.to_owned())
    })
}

/// Why another language's catalog was not installed (the page stays in English).
#[derive(Debug, thiserror::Error)]
enum CatalogLoad {
    /// `index.html` names no catalog file for the language.
    #[error("no catalog for {0} in this build")]
    NotInBuild(String),
    /// The browser could not fetch it.
    #[error("{0}")]
    Net(#[from] NetError),
    /// The server answered, but not with the file.
    #[error("{file}: HTTP {status}")]
    Status { file: String, status: u16 },
    /// The body is not text.
    #[error("{0}: not text")]
    NotText(String),
    /// The body is larger than any catalog of ours.
    #[error("{file}: {bytes} bytes, more than a catalog")]
    TooLarge { file: String, bytes: usize },
    /// The text is not a catalog.
    #[error("{}", .0.0)]
    Parse(CatalogError),
}

impl From<JsValue> for CatalogLoad {
    fn from(err: JsValue) -> CatalogLoad {
        CatalogLoad::Net(err.into())
    }
}

async fn fetch_text(file: &str) -> Result<String, CatalogLoad> {
    let w = web_sys::window().ok_or(NetError::NoPage("window"))?;
    let fetch: js_sys::Function = js_sys::Reflect::get(&w, &"fetch".into())?.dyn_into()?;
    let promise: js_sys::Promise = fetch.call1(&w, &JsValue::from_str(file))?.dyn_into()?;
    let resp = JsFuture::from(promise).await?;
    let ok = js_sys::Reflect::get(&resp, &"ok".into())?;
    if ok.as_bool() != Some(true) {
        let status = js_sys::Reflect::get(&resp, &"status".into())
            .ok()
            .and_then(|s| s.as_f64())
            .map_or(0, |s| s as u16);
        return Err(CatalogLoad::Status {
            file: file.to_owned(),
            status,
        });
    }
    let text: js_sys::Function = js_sys::Reflect::get(&resp, &"text".into())?.dyn_into()?;
    let body: js_sys::Promise = text.call0(&resp)?.dyn_into()?;
    let body = JsFuture::from(body).await?;
    let body = body
        .as_string()
        .ok_or_else(|| CatalogLoad::NotText(file.to_owned()))?;
    if body.len() > MAX_CATALOG {
        return Err(CatalogLoad::TooLarge {
            file: file.to_owned(),
            bytes: body.len(),
        });
    }
    Ok(body)
}

/// Marks the document with the language and its direction.
fn mark(lang: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang);
        let _ = root.set_attribute("dir", i18n::direction(lang));
    }
}

/// Chooses the language and installs its catalog.
pub async fn load() {
    let stored = storage().and_then(|s| s.get_item(LANG_KEY).ok().flatten());
    let lang = i18n::choose(stored.as_deref(), &browser_languages());
    match lang {
        "en" => {}
        PSEUDO => i18n::set(Catalog::pseudo()),
        lang => {
            let got = match catalog_file(lang) {
                Some(file) => fetch_text(&file).await,
                None => Err(CatalogLoad::NotInBuild(lang.to_owned())),
            };
            match got.and_then(|text| Catalog::parse(lang, &text).map_err(CatalogLoad::Parse)) {
                Ok(c) => i18n::set(c),
                Err(e) => {
                    web_sys::console::warn_1(&format!("language {lang}: {e}; English").into());
                    mark("en");
                    return;
                }
            }
        }
    }
    mark(lang);
}

/// The language picker: each language by its own name. A choice is remembered and the
/// page reloads into it (a table in progress comes back as after any reload).
#[component]
pub fn Picker() -> impl IntoView {
    let current = i18n::lang();
    let options = LANGUAGES
        .iter()
        .map(|(tag, name)| {
            view! { <option value=*tag selected=current == *tag>{*name}</option> }
        })
        .collect_view();
    let change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        if let Some(s) = storage() {
            let _ = s.set_item(LANG_KEY, &value);
        }
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    };
    view! {
        <label class="lang-pick">
            <select data-testid="language" aria-label=t("language") on:change=change>
                {options}
            </select>
        </label>
    }
}
