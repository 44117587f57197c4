//! Tagged enums read with their tag first.
//!
//! Every tagged enum of the peer protocol, the engine's events and decisions, the referee's
//! port and the host's snapshot is written by serde with its tag as the object's first key.
//! serde's derived reader for an internally or adjacently tagged enum cannot rely on that:
//! it buffers the whole object into its private `Content` tree before it knows the
//! variant, then reads the variant out of the buffer. Every type inside such an enum is
//! then compiled a second time, for the buffer's deserializer, and every message is read
//! twice. [`tag_first!`] writes the enum as it is given and a `Deserialize` that reads the
//! tag, then the rest of the same object straight into the variant: one reader per type,
//! one pass per message. An object whose first key is not the tag is refused with a clear
//! error, as is an unknown tag (serde's own "unknown variant" message, listing the known
//! ones) or a variant with a missing or mistyped field.
//!
//! The tag's values are serde's: a unit enum with the same variants and the same
//! `rename_all` is derived to read it, so the names written and the names read cannot
//! drift apart. Variants are unit, struct or newtype (a newtype's fields sit beside the
//! tag, as serde writes an internally tagged newtype of a struct); with a content key
//! (`adjacent`) the variant's value sits under that key, as serde writes it.

use serde::de::{Deserializer, Error, IgnoredAny, MapAccess};

/// Reads the first key of a tagged object, which must be `tag`.
pub(crate) fn expect_key<'de, A: MapAccess<'de>>(map: &mut A, tag: &str) -> Result<(), A::Error> {
    match map.next_key::<std::borrow::Cow<'de, str>>()? {
        Some(key) if key == tag => Ok(()),
        _ => Err(A::Error::custom(format_args!(
            "the object's \"{tag}\" must come first"
        ))),
    }
}

/// Skips what is left of an object (a unit variant's other keys, as serde ignores them).
pub(crate) fn skip_rest<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// The rest of an object as a deserializer of its own.
pub(crate) fn rest<'de, A: MapAccess<'de>>(map: A) -> serde::de::value::MapAccessDeserializer<A> {
    serde::de::value::MapAccessDeserializer::new(map)
}

/// Reads an adjacently tagged variant's content: the next key must be `content`.
pub(crate) fn content<'de, A: MapAccess<'de>, T: serde::Deserialize<'de>>(
    mut map: A,
    key: &str,
) -> Result<T, A::Error> {
    expect_key(&mut map, key)?;
    let value = map.next_value()?;
    skip_rest(map)?;
    Ok(value)
}

/// Asks a deserializer for an object (the one entry point every generated reader shares).
pub(crate) fn read_map<'de, D: Deserializer<'de>, V: serde::de::Visitor<'de>>(
    d: D,
    visitor: V,
) -> Result<V::Value, D::Error> {
    d.deserialize_map(visitor)
}

/// Writes a tagged enum and its tag-first `Deserialize`. The enum's own attributes are
/// kept (give it `#[derive(Serialize)]` and serde's `tag`, `content` and `rename_all`,
/// the same `rename_all` as `names`); `(internal)` reads the variant's fields beside the
/// tag, `(adjacent "detail")` under that key; `names` are the attributes of the unit enum
/// that reads the tag. A field's serde attributes (`default`, `rename`) apply to the
/// reader too; a variant's own serde attributes do not reach the tag's reader, so give
/// none.
///
/// ```text
/// tag_first! {
///     tag "type" (internal), names #[serde(rename_all = "snake_case")];
///     #[derive(Serialize)]
///     #[serde(tag = "type", rename_all = "snake_case")]
///     pub enum Shape { Dot, Circle { r: u32 }, Named(Label) }
/// }
/// ```
macro_rules! tag_first {
    (
        tag $tag:literal $how:tt, names #[$names:meta];
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident
                    $({ $( $(#[$fmeta:meta])* $field:ident : $fty:ty ),* $(,)? })?
                    $(( $(#[$nmeta:meta])* $nty:ty ))?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant
                    $({ $( $(#[$fmeta])* $field : $fty ),* })?
                    $(( $(#[$nmeta])* $nty ))?
            ),*
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                #[derive(serde::Deserialize)]
                #[$names]
                enum Tag {
                    $($variant),*
                }

                struct TagFirst;

                impl<'de> serde::de::Visitor<'de> for TagFirst {
                    type Value = $name;

                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str(concat!("an object whose first key is \"", $tag, "\""))
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<$name, A::Error> {
                        $crate::tagged::expect_key(&mut map, $tag)?;
                        let tag: Tag = map.next_value()?;
                        Ok(match tag {
                            $(
                                Tag::$variant => tag_first!(
                                    @body $how map; $name $variant
                                    $({ $( $(#[$fmeta])* $field : $fty ),* })?
                                    $(( $nty ))?
                                ),
                            )*
                        })
                    }
                }

                $crate::tagged::read_map(d, TagFirst)
            }
        }
    };

    // A unit variant: whatever else the object holds is skipped.
    (@body $how:tt $map:ident; $name:ident $variant:ident) => {{
        $crate::tagged::skip_rest($map)?;
        $name::$variant
    }};
    // A struct variant: its fields beside the tag, or under the content key.
    (@body (internal) $map:ident; $name:ident $variant:ident { $( $(#[$fmeta:meta])* $field:ident : $fty:ty ),* }) => {{
        #[derive(serde::Deserialize)]
        struct Body {
            $( $(#[$fmeta])* $field: $fty ),*
        }
        let Body { $($field),* } =
            <Body as serde::Deserialize>::deserialize($crate::tagged::rest($map))?;
        $name::$variant { $($field),* }
    }};
    (@body (adjacent $content:literal) $map:ident; $name:ident $variant:ident { $( $(#[$fmeta:meta])* $field:ident : $fty:ty ),* }) => {{
        #[derive(serde::Deserialize)]
        struct Body {
            $( $(#[$fmeta])* $field: $fty ),*
        }
        let Body { $($field),* } = $crate::tagged::content($map, $content)?;
        $name::$variant { $($field),* }
    }};
    // A newtype variant: the inner value's fields beside the tag, or under the content key.
    (@body (internal) $map:ident; $name:ident $variant:ident ( $nty:ty )) => {{
        $name::$variant(<$nty as serde::Deserialize>::deserialize($crate::tagged::rest($map))?)
    }};
    (@body (adjacent $content:literal) $map:ident; $name:ident $variant:ident ( $nty:ty )) => {{
        $name::$variant($crate::tagged::content::<_, $nty>($map, $content)?)
    }};
}

#[cfg(test)]
mod tests {
    use crate::engine::{Card, Event, Pending, Seat};
    use crate::session::protocol::{Refusal, SeatInfo, TableError, ToHost};

    fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn every_form_reads_back_what_serde_writes() {
        let event = Event::Stole {
            seat: Seat(1),
            from: Seat(3),
            coins: 2,
        };
        let text = serde_json::to_string(&event).unwrap();
        assert!(text.starts_with(r#"{"type":"stole","#), "{text}");
        assert_eq!(read::<Event>(&text), Ok(event));
        // A unit variant, internally tagged.
        assert_eq!(
            read::<Event>(r#"{"type":"court_shuffled"}"#),
            Ok(Event::CourtShuffled)
        );
        // Adjacently tagged: a unit, a newtype and a struct variant.
        for refusal in [
            Refusal::RateLimited,
            Refusal::Table(TableError::NoSuchSeat(Seat(4))),
            Refusal::Stale { step: 3, now: 9 },
        ] {
            let text = serde_json::to_string(&refusal).unwrap();
            assert_eq!(read::<Refusal>(&text), Ok(refusal), "{text}");
        }
        // A nested one: a struct variant holding a struct.
        let seat = SeatInfo::Bot {
            level: crate::session::protocol::BotLevel::Hard,
            name: "Bo".into(),
        };
        let text = serde_json::to_string(&seat).unwrap();
        assert_eq!(read::<SeatInfo>(&text), Ok(seat));
        let pending = Pending::ExamineDecide {
            seat: Seat(0),
            target: Seat(2),
            slot: 1,
            card: Some(Card::Duke),
        };
        let text = serde_json::to_string(&pending).unwrap();
        assert_eq!(read::<Pending>(&text), Ok(pending));
    }

    #[test]
    fn an_object_whose_tag_is_not_first_is_refused_by_name() {
        let err = read::<Event>(r#"{"seat":1,"type":"turn_started"}"#).unwrap_err();
        assert!(
            err.contains(r#"the object's "type" must come first"#),
            "{err}"
        );
        let err = read::<Refusal>(r#"{"detail":{"step":1,"now":2},"kind":"stale"}"#).unwrap_err();
        assert!(err.contains(r#""kind" must come first"#), "{err}");
        let err = read::<ToHost>(r#"{}"#).unwrap_err();
        assert!(err.contains(r#""type" must come first"#), "{err}");
    }

    #[test]
    fn an_unknown_tag_a_missing_field_or_a_wrong_type_is_refused() {
        let err = read::<Event>(r#"{"type":"teleported","seat":1}"#).unwrap_err();
        assert!(err.contains("unknown variant `teleported`"), "{err}");
        assert!(
            err.contains("turn_started"),
            "the known ones are listed: {err}"
        );
        let err = read::<Event>(r#"{"type":"stole","seat":1,"coins":2}"#).unwrap_err();
        assert!(err.contains("missing field `from`"), "{err}");
        let err = read::<Event>(r#"{"type":"stole","seat":1,"from":"x","coins":2}"#).unwrap_err();
        assert!(err.contains("invalid type"), "{err}");
        // Adjacent: a variant with content needs its content key next.
        let err = read::<Refusal>(r#"{"kind":"stale","step":1}"#).unwrap_err();
        assert!(err.contains(r#""detail" must come first"#), "{err}");
        // Not an object at all.
        let err = read::<Event>(r#""turn_started""#).unwrap_err();
        assert!(
            err.contains(r#"an object whose first key is "type""#),
            "{err}"
        );
        // A duplicate field inside the variant is refused, as serde's struct reader does.
        let err = read::<Event>(r#"{"type":"turn_started","seat":1,"seat":2}"#).unwrap_err();
        assert!(err.contains("duplicate field `seat`"), "{err}");
    }
}
