//! The catalogs' check (run by CI with the client's tests): every catalog in
//! `client/locales/` parses, has exactly the English catalog's messages, each using exactly
//! its arguments, and formats every message with no error; and the choice of language.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast;

use super::*;

/// Every catalog beside English, by language tag.
fn catalogs() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("client/locales")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let lang = p.file_name()?.to_str()?.strip_suffix(".ftl")?.to_owned();
            Some((lang, std::fs::read_to_string(&p).ok()?))
        })
        .filter(|(lang, _)| lang != "en")
        .collect();
    out.sort();
    out
}

/// Each message's variables (`$name`), attributes included; terms are a catalog's own.
fn messages(lang: &str, text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let res = fluent_syntax::parser::parse(text)
        .unwrap_or_else(|(_, errors)| panic!("{lang}: syntax errors {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in res.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            for a in &m.attributes {
                pattern_vars(&a.value, &mut vars);
            }
            let id = m.id.name.to_owned();
            assert!(out.insert(id.clone(), vars).is_none(), "{lang}: {id} twice");
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, out),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => call_vars(arguments, out),
        ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => call_vars(arguments, out),
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, out),
        _ => {}
    }
}

fn call_vars(args: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
    for p in &args.positional {
        inline_vars(p, out);
    }
    for n in &args.named {
        inline_vars(&n.value, out);
    }
}

/// Sample arguments for a message's variables: a seat's `-you` flag, a number, a card
/// or an action id where the English selects on one, else a name.
fn sample(vars: &BTreeSet<String>, you: bool, n: i64) -> Vec<(&str, Arg)> {
    vars.iter()
        .map(|v| {
            let a = match v.as_str() {
                v if v.ends_with("-you") => Arg::Text(if you { "yes" } else { "no" }.into()),
                "n" | "coins" | "paid" | "count" | "seconds" | "players" | "bots" | "games"
                | "left" | "place" => Arg::Num(n),
                "card" => Arg::Text("contessa".into()),
                "action" => Arg::Text("steal".into()),
                "side" => Arg::Text("loyalist".into()),
                "kind" => Arg::Text("window".into()),
                "outcome" => Arg::Text("lost".into()),
                _ => Arg::Text("Ana".into()),
            };
            (v.as_str(), a)
        })
        .collect()
}

#[test]
fn every_catalog_has_every_message_with_every_argument() {
    let english = messages("en", ENGLISH);
    assert!(english.len() > 100, "the English catalog has its messages");
    let all = catalogs();
    let langs: BTreeSet<&str> = all.iter().map(|(l, _)| l.as_str()).collect();
    // The picker's languages are exactly the catalogs (and English, built in).
    let offered: BTreeSet<&str> = LANGUAGES
        .iter()
        .map(|(t, _)| *t)
        .filter(|t| *t != "en")
        .collect();
    assert_eq!(
        langs, offered,
        "a catalog for each language offered, and no other"
    );
    for (lang, text) in &all {
        let theirs = messages(lang, text);
        let missing: Vec<&String> = english
            .keys()
            .filter(|k| !theirs.contains_key(*k))
            .collect();
        let extra: Vec<&String> = theirs
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang} has messages English does not: {extra:?}"
        );
        for (id, vars) in &english {
            assert_eq!(
                &theirs[id], vars,
                "{lang}: {id} uses other arguments than English"
            );
        }
    }
}

#[test]
fn every_message_formats_in_every_language_without_error() {
    let english = messages("en", ENGLISH);
    let mut all = catalogs();
    all.push(("en".into(), ENGLISH.into()));
    for (lang, text) in &all {
        let bundle = bundle(lang, text).unwrap_or_else(|e| panic!("{e:?}"));
        for (id, vars) in &english {
            for (you, n) in [(true, 1), (false, 2), (false, 0), (true, 21)] {
                let args = sample(vars, you, n);
                let mut fluent = FluentArgs::new();
                for (k, v) in &args {
                    match v {
                        Arg::Text(s) => fluent.set(*k, FluentValue::from(s.as_str())),
                        Arg::Num(n) => fluent.set(*k, FluentValue::from(*n)),
                    }
                }
                let msg = bundle
                    .get_message(id)
                    .unwrap_or_else(|| panic!("{lang}: no {id}"));
                let pattern = msg
                    .value()
                    .unwrap_or_else(|| panic!("{lang}: {id} has no value"));
                let mut errors = Vec::new();
                let out = bundle.format_pattern(pattern, Some(&fluent), &mut errors);
                assert!(errors.is_empty(), "{lang}: {id} {args:?}: {errors:?}");
                assert!(!out.trim().is_empty(), "{lang}: {id} is empty");
            }
        }
    }
}

#[test]
fn a_catalog_chooses_its_own_plural_forms_and_persons() {
    let fr = catalogs()
        .into_iter()
        .find(|(l, _)| l == "fr")
        .expect("fr")
        .1;
    let fr = Catalog::parse("fr", &fr).expect("fr parses");
    let one = fr.format("coins", &[("n", Arg::Num(1))]);
    let two = fr.format("coins", &[("n", Arg::Num(2))]);
    assert_ne!(one, two, "one coin and two coins differ in French");
    assert!(two.starts_with('2'), "{two}");
    // French: 0 and 1 are both "one" (CLDR), unlike English.
    assert_eq!(
        fr.format("coins", &[("n", Arg::Num(0))]).replace('0', "1"),
        one
    );
    let en = Catalog::english();
    assert_eq!(en.format("coins", &[("n", Arg::Num(0))]), "0 coins");
    let me = [("seat", "Ana".into()), ("seat-you", "yes".into())];
    let other = [("seat", "Ana".into()), ("seat-you", "no".into())];
    let mine = fr.format("log-eliminated", &me);
    let theirs = fr.format("log-eliminated", &other);
    assert!(
        !mine.contains("Ana") && theirs.contains("Ana"),
        "{mine} / {theirs}"
    );
}

/// Polish and Arabic have more plural forms than English (CLDR: Polish one/few/many,
/// Arabic zero/one/two/few/many): each number picks its own, not the default's.
#[test]
fn polish_and_arabic_choose_their_many_plural_forms() {
    let parse = |lang: &str| {
        let text = catalogs()
            .into_iter()
            .find(|(l, _)| l == lang)
            .unwrap_or_else(|| panic!("{lang}"))
            .1;
        Catalog::parse(lang, &text).unwrap_or_else(|e| panic!("{e:?}"))
    };
    let coins = |c: &Catalog, n: i64| c.format("coins", &[("n", Arg::Num(n))]);
    let pl = parse("pl");
    assert_eq!(coins(&pl, 1), "1 moneta");
    assert_eq!(coins(&pl, 3), "3 monety", "few");
    assert_eq!(coins(&pl, 5), "5 monet", "many");
    assert_eq!(coins(&pl, 22), "22 monety", "few again");
    assert_eq!(coins(&pl, 12), "12 monet", "many, not few");
    // Counted as an object, one coin is in the accusative.
    let took = pl.format(
        "log-gained",
        &[
            ("seat", "Ana".into()),
            ("seat-you", "no".into()),
            ("coins", Arg::Num(1)),
        ],
    );
    assert_eq!(took, "Ana bierze 1 monetę");
    let ar = parse("ar");
    let isolated = |s: &str| format!("\u{2068}{s}\u{2069}");
    let forms: Vec<String> = [0, 1, 2, 3, 11, 100]
        .iter()
        .map(|n| coins(&ar, *n))
        .collect();
    assert_eq!(
        forms,
        [
            "لا عملات".to_owned(),
            "عملة واحدة".to_owned(),
            "عملتان".to_owned(),
            format!("{} عملات", isolated("3")),
            format!("{} عملة", isolated("11")),
            format!("{} عملة", isolated("100")),
        ]
    );
    assert_eq!(direction(ar.lang()), "rtl");
    assert_eq!(direction(pl.lang()), "ltr");
}

#[test]
fn a_place_is_an_ordinal_in_each_language() {
    let en = Catalog::english();
    let place = |c: &Catalog, n: i64| {
        c.format(
            "place-finished",
            &[("place", Arg::Num(n)), ("count", Arg::Num(23))],
        )
    };
    for (n, said) in [
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (22, "22nd"),
    ] {
        assert_eq!(place(&en, n), format!("You finished {said} of 23."));
    }
    let catalog = |lang: &str| {
        let text = catalogs()
            .into_iter()
            .find(|(l, _)| l == lang)
            .expect("a catalog")
            .1;
        Catalog::parse(lang, &text).expect("parses")
    };
    assert_eq!(place(&catalog("fr"), 2), "Vous finissez 2e sur 23.");
    assert_eq!(place(&catalog("de"), 2), "Du bist 2. von 23 geworden.");
    assert_eq!(
        en.format("place-won", &[("count", Arg::Num(5))]),
        "You won: 1st of 5."
    );
}

#[test]
fn a_missing_or_broken_message_falls_back_to_english() {
    let partial = Catalog::parse("fr", "you = Vous\n").expect("parses");
    assert_eq!(partial.format("you", &[]), "Vous");
    assert_eq!(partial.format("input-pass", &[]), "Pass");
    assert_eq!(partial.format("no-such-message", &[]), "no-such-message");
    assert!(
        Catalog::parse("fr", "you = { \n").is_err(),
        "a syntax error is refused"
    );
    assert!(Catalog::parse("not a tag!", "you = Vous\n").is_err());
}

#[test]
fn the_language_is_the_choice_remembered_else_the_browsers_first_we_have() {
    let langs = |l: &[&str]| l.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(choose(None, &langs(&["de-AT", "en"])), "de");
    assert_eq!(choose(None, &langs(&["pt-PT"])), "pt-BR");
    assert_eq!(choose(None, &langs(&["pt-br"])), "pt-BR");
    assert_eq!(choose(None, &langs(&["ja", "es-MX", "fr"])), "es");
    assert_eq!(choose(None, &langs(&["ja", "zh"])), "en");
    assert_eq!(choose(None, &[]), "en");
    assert_eq!(choose(Some("fr"), &langs(&["de"])), "fr");
    assert_eq!(
        choose(Some("klingon"), &langs(&["de"])),
        "de",
        "an unknown choice is ignored"
    );
    assert_eq!(choose(Some("en-xa"), &[]), PSEUDO);
    assert_eq!(direction("ar-EG"), "rtl");
    assert_eq!(direction("pt-BR"), "ltr");
}

#[test]
fn the_pseudo_locale_is_accented_longer_and_keeps_markup_and_names() {
    let p = Catalog::pseudo();
    let pass = p.format("input-pass", &[]);
    assert_ne!(pass, "Pass");
    assert!(pass.chars().count() > "Pass".len(), "{pass}");
    assert!(!pass.is_ascii(), "{pass}");
    let line = p.format(
        "log-eliminated",
        &[("seat", "Bob".into()), ("seat-you", "no".into())],
    );
    assert!(line.starts_with("Bob "), "names stay as they are: {line}");
    let rules = p.format("rules-html", &[]);
    assert!(rules.contains("<h3>") && rules.contains("</p>"), "{rules}");
}

/// The words shown before the program runs (`boot-…`) are written into `index.html` by
/// the build (`.ci/offline.mjs`), which reads them as one line of plain text.
#[test]
fn the_words_before_the_program_runs_are_one_plain_line_in_every_catalog() {
    let all = std::iter::once(("en".to_owned(), ENGLISH.to_owned())).chain(catalogs());
    for (lang, text) in all {
        for id in ["boot-failed", "boot-noscript"] {
            let line = text
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{id} = ")))
                .unwrap_or_else(|| panic!("{lang}: {id} is one line"));
            assert!(
                !line.trim().is_empty() && !line.contains(['{', '<']),
                "{lang}: {id} is plain text: {line}"
            );
            let next = text
                .lines()
                .skip_while(|l| !l.starts_with(&format!("{id} = ")))
                .nth(1);
            assert!(
                next.is_none_or(|n| !n.starts_with(' ')),
                "{lang}: {id} goes on for one line only"
            );
        }
    }
}

/// The first screen `index.html` draws before the program runs offers the program's
/// languages and says, in each, what the program says: every id it names (`data-t`,
/// `data-tp`, `data-ta`; `level-name.easy` for a variant) is an English message, and its
/// English text is the English catalog's, so the program's takeover changes no word.
#[test]
fn the_first_screen_in_the_page_speaks_as_the_program_does() {
    let page = include_str!("../../index.html");
    let picker = page
        .split(r#"data-testid="language""#)
        .nth(1)
        .and_then(|rest| rest.split("</select>").next())
        .expect("index.html has the language picker");
    let offered: Vec<&str> = picker
        .split(r#"<option value=""#)
        .skip(1)
        .filter_map(|o| o.split('"').next())
        .collect();
    let ours: Vec<&str> = LANGUAGES.iter().map(|(tag, _)| *tag).collect();
    assert_eq!(
        offered, ours,
        "index.html's picker offers LANGUAGES, in order"
    );
    for (tag, name) in LANGUAGES {
        assert!(
            picker.contains(&format!(">{name}</option>")),
            "{tag} is named {name}"
        );
    }
    let english = Catalog::english();
    let mut seen = 0;
    for attr in ["data-t=\"", "data-tp=\"", "data-ta=\""] {
        for rest in page.split(attr).skip(1) {
            let id = rest.split('"').next().unwrap_or_default();
            let said = match id.split_once('.') {
                Some((msg, variant)) => english.format(msg, &[("level", variant.into())]),
                None => english.format(id, &[]),
            };
            assert!(!said.is_empty() && said != id, "{id} is an English message");
            // The page's English, for the text ids: what the element holds up to its tag's end.
            if attr == "data-t=\""
                && let Some(text) = rest.split_once('>').map(|(_, t)| t)
            {
                let text = text
                    .split('<')
                    .next()
                    .unwrap_or_default()
                    .replace("&amp;", "&");
                assert_eq!(text, said, "index.html's English for {id}");
            }
            seen += 1;
        }
    }
    assert!(seen > 20, "the first screen names its words ({seen})");
}

/// Before the program runs, `index.html` marks the page right to left by the same list
/// as [`direction`] (in the first screen's script and in the words of a failed start).
#[test]
fn the_first_screen_is_written_right_to_left_by_the_same_list() {
    let page = include_str!("../../index.html");
    let rtl = format!("const RTL = /^({})(-|$)/i;", RTL_LANGUAGES.join("|"));
    assert_eq!(
        page.matches(&rtl).count(),
        2,
        "index.html says {rtl} in both scripts"
    );
    assert_eq!(
        page.matches(r#"document.documentElement.dir = RTL.test(lang) ? "rtl" : "ltr";"#)
            .count(),
        2,
        "and sets dir by it wherever it sets lang"
    );
}

/// The catalogs' selectors are keyed by the protocol's names (`ActionKind::name`,
/// `Card::name`): a key that matched none would fall silently to the default variant, so
/// in every language each action and each card has words of its own.
#[test]
fn every_action_and_card_has_its_own_words_in_every_catalog() {
    use shared::engine::{ActionKind, Card};
    let mut all = catalogs();
    all.push(("en".into(), ENGLISH.into()));
    for (lang, text) in &all {
        let c = Catalog::parse(lang, text).unwrap_or_else(|e| panic!("{lang}: {e:?}"));
        for id in ["action-title", "action-effect"] {
            let words: BTreeSet<String> = ActionKind::ALL
                .iter()
                .map(|k| c.format(id, &[("action", k.name().into())]))
                .collect();
            assert_eq!(words.len(), ActionKind::ALL.len(), "{lang}: {id} {words:?}");
        }
        // The Inquisitor's own effects (R1.2, R7: it exchanges one card, and it blocks stealing
        // in the Ambassador's place) have words of their own, not the default's.
        let effect = |id: &str| c.format("action-effect", &[("action", id.into())]);
        for (own, base) in [("exchange-one", "exchange"), ("steal-inquisitor", "steal")] {
            assert_ne!(effect(own), effect(base), "{lang}: {own}");
            assert_ne!(
                effect(own),
                effect("embezzle"),
                "{lang}: {own} falls to the default"
            );
        }
        for id in ["card-name", "ability"] {
            let words: BTreeSet<String> = Card::ALL
                .iter()
                .map(|k| c.format(id, &[("card", k.name().into())]))
                .collect();
            assert_eq!(words.len(), Card::ALL.len(), "{lang}: {id} {words:?}");
        }
    }
}
