//! What the session tests share: the time, reading what a host sent, and the messages a
//! guest sends. Each test file uses its own part of it.
#![allow(dead_code)]

use shared::session::protocol::{
    AdminCmd, Fatal, MAX_TO_GUEST_BYTES, MemberId, Refusal, ToGuest, ToHost, decode, encode,
};
use shared::session::{Host, Outgoing, PeerId};

pub const T: u64 = 1_000_000;

/// The messages for `peer` among `outs`, decoded.
pub fn to(outs: &[Outgoing], peer: PeerId) -> Vec<ToGuest> {
    outs.iter()
        .filter_map(|o| match o {
            Outgoing::Send { to, text } if *to == peer => {
                Some(decode(text, MAX_TO_GUEST_BYTES).expect("valid"))
            }
            _ => None,
        })
        .collect()
}

pub fn refusal(outs: &[Outgoing], peer: PeerId) -> Option<Refusal> {
    to(outs, peer).into_iter().find_map(|m| match m {
        ToGuest::Refused { refusal } => Some(refusal),
        _ => None,
    })
}

pub fn fatal(outs: &[Outgoing], peer: PeerId) -> Option<Fatal> {
    to(outs, peer).into_iter().find_map(|m| match m {
        ToGuest::Fatal { fatal } => Some(fatal),
        _ => None,
    })
}

pub fn closed(outs: &[Outgoing], peer: PeerId) -> bool {
    outs.contains(&Outgoing::Close { peer })
}

pub fn welcome(outs: &[Outgoing], peer: PeerId) -> (MemberId, String, String) {
    to(outs, peer)
        .into_iter()
        .find_map(|m| match m {
            ToGuest::Welcome {
                member,
                name,
                token,
                ..
            } => Some((member, name, token)),
            _ => None,
        })
        .expect("a welcome")
}

pub fn hello(name: &str, token: Option<&str>) -> String {
    encode(&ToHost::Hello {
        name: name.into(),
        token: token.map(str::to_owned),
        watch: false,
    })
}

pub fn admin(host: &mut Host, cmd: AdminCmd) -> Vec<Outgoing> {
    host.handle(PeerId::LOCAL, &encode(&ToHost::Admin { cmd }), T)
}

pub fn new_host() -> Host {
    Host::new(42, "Hostess", T).expect("valid").0
}
