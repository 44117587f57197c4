//! The words a player reads, from message catalogs in Project Fluent's format.
//!
//! English (`client/locales/en.ftl`) is built into the page; every other language is a
//! catalog fetched beside the assets (`locales/LANG-HASH.ftl`, named by `index.html`'s
//! `coup-locales`), parsed here and installed with [`set`] before the interface mounts.
//! A message the chosen catalog lacks, or cannot format, falls back to English, so a
//! partial catalog never shows an identifier. Plurals and grammatical person are the
//! format's: code passes numbers and `-you` flags as arguments (see
//! [`crate::model::words`]) and each catalog selects its own forms.
//!
//! `en-XA` is a pseudo-locale for layout tests: English with every letter accented and
//! each text a third longer, made on the fly by the bundle's transform.
//!
//! Plain logic: compiles everywhere and is tested natively, the catalogs' completeness
//! included (`tests` below, which CI runs with the client's tests).

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The English catalog, built in.
pub const ENGLISH: &str = include_str!("../locales/en.ftl");

/// The pseudo-locale's tag.
pub const PSEUDO: &str = "en-XA";

/// The languages a player can pick, each by its own name, English first.
pub const LANGUAGES: &[(&str, &str)] = &[
    ("en", "English"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("pt-BR", "Português (Brasil)"),
    ("it", "Italiano"),
    ("pl", "Polski"),
    ("ar", "العربية"),
];

/// Where the page remembers the player's choice (`localStorage`).
pub const LANG_KEY: &str = "coup.lang";

/// The language to show: the remembered choice if it is one we have, else the first of
/// the browser's languages (`navigator.languages`, best first) that we have, by exact tag
/// or by its language alone (`pt-PT` reads `pt-BR`, `fr-CA` reads `fr`), else English.
pub fn choose(stored: Option<&str>, browser: &[String]) -> &'static str {
    if let Some(s) = stored {
        if s.eq_ignore_ascii_case(PSEUDO) {
            return PSEUDO;
        }
        if let Some(tag) = exact(s) {
            return tag;
        }
    }
    for want in browser {
        if let Some(tag) = exact(want) {
            return tag;
        }
        let primary = want.split(['-', '_']).next().unwrap_or("");
        if let Some((tag, _)) = LANGUAGES
            .iter()
            .find(|(t, _)| t.split('-').next() == Some(primary) && !primary.is_empty())
        {
            return tag;
        }
    }
    "en"
}

fn exact(s: &str) -> Option<&'static str> {
    let s = s.replace('_', "-");
    LANGUAGES
        .iter()
        .find(|(t, _)| t.eq_ignore_ascii_case(&s))
        .map(|(t, _)| *t)
}

/// The languages written right to left, by their primary tag. `index.html`'s first screen
/// sets `dir` from the same list before the program runs.
pub const RTL_LANGUAGES: &[&str] = &["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"];

/// The writing direction of a language: `rtl` for the scripts written right to left.
pub fn direction(lang: &str) -> &'static str {
    let primary = lang.split('-').next().unwrap_or("");
    if RTL_LANGUAGES.contains(&primary) {
        "rtl"
    } else {
        "ltr"
    }
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Words as they are: a name, a card already phrased.
    Text(String),
    /// A number: the catalog picks its plural form.
    Num(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<u16> for Arg {
    fn from(n: u16) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// A language's messages, with English behind them.
pub struct Catalog {
    lang: String,
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
}

/// Why a catalog was not taken.
#[derive(Debug, PartialEq, Eq)]
pub struct CatalogError(pub String);

fn bundle(lang: &str, text: &str) -> Result<FluentBundle<FluentResource>, CatalogError> {
    let id: LanguageIdentifier = lang
        .parse()
        .map_err(|_| CatalogError(format!("{lang} is not a language tag")))?;
    let resource = FluentResource::try_new(text.to_owned()).map_err(|(_, errors)| {
        CatalogError(format!(
            "{lang}: {} syntax errors, the first {:?}",
            errors.len(),
            errors.first()
        ))
    })?;
    let mut bundle = FluentBundle::new(vec![id]);
    // Isolation marks around arguments only where the text runs right to left; elsewhere
    // they would only be invisible characters in every name.
    bundle.set_use_isolating(direction(lang) == "rtl");
    // NUMBER, for selectors on an ordinal ("2nd", "1er").
    bundle
        .add_builtins()
        .map_err(|e| CatalogError(format!("{lang}: {e:?}")))?;
    bundle
        .add_resource(resource)
        .map_err(|e| CatalogError(format!("{lang}: {e:?}")))?;
    Ok(bundle)
}

impl Catalog {
    /// The built-in English catalog.
    pub fn english() -> Catalog {
        Catalog {
            lang: "en".into(),
            bundle: bundle("en", ENGLISH).unwrap_or_else(|_| FluentBundle::new(Vec::new())),
            english: None,
        }
    }

    /// The pseudo-locale: English, accented and a third longer.
    pub fn pseudo() -> Catalog {
        let mut c = Catalog::english();
        c.lang = PSEUDO.into();
        c.bundle.set_transform(Some(pseudo));
        c
    }

    /// `lang`'s catalog from its text; refused when it does not parse.
    pub fn parse(lang: &str, text: &str) -> Result<Catalog, CatalogError> {
        Ok(Catalog {
            lang: lang.into(),
            bundle: bundle(lang, text)?,
            english: Some(Catalog::english().bundle),
        })
    }

    /// The language's tag.
    pub fn lang(&self) -> &str {
        &self.lang
    }

    /// Message `id` with `args`, in this language or else in English; the id itself only
    /// if neither has it.
    pub fn format(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let fluent = (!args.is_empty()).then(|| {
            let mut a = FluentArgs::with_capacity(args.len());
            for (k, v) in args {
                match v {
                    Arg::Text(s) => a.set(*k, FluentValue::from(s.as_str())),
                    Arg::Num(n) => a.set(*k, FluentValue::from(*n)),
                }
            }
            a
        });
        for b in std::iter::once(&self.bundle).chain(self.english.as_ref()) {
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let out = b.format_pattern(pattern, fluent.as_ref(), &mut errors);
                if errors.is_empty() {
                    return out.into_owned();
                }
            }
        }
        id.to_owned()
    }
}

/// The pseudo-locale's transform: accented letters, and a third more length in short
/// words (so lines wrap as real translations do). Markup (`<…>`) is left as it is.
fn pseudo(s: &str) -> Cow<'_, str> {
    const FROM: &str = "aceinorsuyACEINORSUY";
    const TO: [char; 20] = [
        'å', 'ç', 'é', 'ï', 'ñ', 'ö', 'ŕ', 'š', 'ü', 'ý', 'Å', 'Ç', 'É', 'Ï', 'Ñ', 'Ö', 'Ŕ', 'Š',
        'Ü', 'Ý',
    ];
    let mut out = String::with_capacity(s.len() * 2);
    let mut in_tag = false;
    let mut letters = 0usize;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ => {}
        }
        if in_tag || c == '>' {
            out.push(c);
            continue;
        }
        if c.is_alphabetic() {
            letters += 1;
        }
        out.push(FROM.find(c).map_or(c, |i| TO[i]));
    }
    let mut pad = letters.div_ceil(3);
    while pad > 0 {
        let word = pad.min(4);
        out.push(' ');
        out.extend(std::iter::repeat_n('ẋ', word));
        pad -= word;
    }
    Cow::Owned(out)
}

thread_local! {
    static CURRENT: RefCell<Rc<Catalog>> = RefCell::new(Rc::new(Catalog::english()));
}

/// Installs the catalog every message is read from from now on.
pub fn set(c: Catalog) {
    CURRENT.with(|cur| *cur.borrow_mut() = Rc::new(c));
}

/// The language being shown.
pub fn lang() -> String {
    CURRENT.with(|c| c.borrow().lang.clone())
}

/// Message `id`, with no arguments.
pub fn t(id: &str) -> String {
    tr(id, &[])
}

/// Message `id` with `args`.
pub fn tr(id: &str, args: &[(&str, Arg)]) -> String {
    let c = CURRENT.with(|c| Rc::clone(&c.borrow()));
    c.format(id, args)
}

#[cfg(test)]
mod tests;
