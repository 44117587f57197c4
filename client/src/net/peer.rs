//! One WebRTC link to another peer: an `RTCPeerConnection` carrying one reliable, ordered
//! `RTCDataChannel`.
//!
//! The host [`dial`](PeerLink::dial)s each guest: it creates the channel and the offer. A
//! guest [`accept`](PeerLink::accept)s: it answers the offer and receives the channel.
//! ICE candidates trickle both ways through the relay as they are found. A later offer on
//! the same link (an ICE restart) goes through the same [`PeerLink::apply`]. A guest whose
//! page answered the host's first offer before the program ran ([`super::early`]) adopts
//! that connection: the signals it took are not applied again, and what it saw is
//! reported as if this link had seen it.
//!
//! Each link sends the peer protocol's heartbeat ([`HEARTBEAT`], a binary message) every
//! [`HEARTBEAT_MS`] while its channel is open, whatever the table is doing, and reports a
//! binary message that arrives as [`LinkEvent::Beat`], never as a frame: the session
//! decides what silence means.

use std::cell::RefCell;
use std::rc::Rc;

use shared::relay::IceServer;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceCandidateInit, RtcIceServer, RtcOfferOptions, RtcPeerConnection,
    RtcPeerConnectionIceEvent, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
    RtcSignalingState,
};

use super::{NetError, js_error_text};
use crate::model::SignalData;
use crate::model::link::{HEARTBEAT, HEARTBEAT_MS};

/// The data channel's label; a guest ignores channels with any other.
const CHANNEL_LABEL: &str = "coup";

/// What a link saw.
pub enum LinkEvent {
    /// A signal to forward to the other peer through the relay.
    Signal(SignalData),
    /// The data channel opened.
    Open,
    /// A text frame arrived on the data channel.
    Frame(String),
    /// A binary message arrived: the heartbeat (the protocol has no other), a sign of life
    /// and nothing more.
    Beat,
    /// A candidate of ours that the page's script gathered and sent before the program
    /// ran: for the session's record of what was tried, not to be sent again.
    Gathered(String),
    /// The connection went `disconnected`: ICE lost its path, for now.
    Unstable,
    /// The connection is `connected` (again).
    Stable,
    /// The link closed (`None`) or failed (why).
    Closed(Option<String>),
}

impl LinkEvent {
    /// What kind of event this is, for the page's trace.
    pub fn kind(&self) -> &'static str {
        match self {
            LinkEvent::Signal(_) => "signal",
            LinkEvent::Open => "open",
            LinkEvent::Frame(_) => "frame",
            LinkEvent::Beat => "beat",
            LinkEvent::Gathered(_) => "gathered",
            LinkEvent::Unstable => "unstable",
            LinkEvent::Stable => "stable",
            LinkEvent::Closed(_) => "closed",
        }
    }
}

type Report = Rc<dyn Fn(LinkEvent)>;
type Handler = Closure<dyn FnMut(JsValue)>;

/// A peer connection and its data channel.
pub struct PeerLink {
    /// The number its holder gave it, to tell its events from those of the link it
    /// replaced.
    pub serial: u64,
    pc: RtcPeerConnection,
    /// The channel: made at once by the caller, arrives later for the answerer.
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    report: Report,
    /// Handlers kept alive as long as the link (the connection's and the channel's).
    handlers: Rc<RefCell<Vec<Handler>>>,
    /// The heartbeat's interval timer.
    beat: Option<i32>,
    /// Signals the page's script already applied to an adopted connection: each is
    /// skipped once when the session passes it on.
    applied: RefCell<Vec<SignalData>>,
}

impl PeerLink {
    /// The host's side: a connection with a data channel, and an offer on its way.
    pub fn dial(
        ice_servers: &[IceServer],
        report: impl Fn(LinkEvent) + 'static,
    ) -> Result<PeerLink, NetError> {
        let link = PeerLink::new(ice_servers, Rc::new(report))?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = link
            .pc
            .create_data_channel_with_data_channel_dict(CHANNEL_LABEL, &init);
        attach_channel(&channel, &link.report, &link.handlers);
        *link.channel.borrow_mut() = Some(channel);
        link.offer(false);
        Ok(link)
    }

    /// The host's side of an ICE restart: a fresh offer on this connection, whose new ICE
    /// credentials make both ends look for a path again (the data channel stays).
    /// Skipped while an offer is still unanswered (one restart at a time).
    pub fn restart_ice(&self) {
        if self.pc.signaling_state() == RtcSignalingState::Stable {
            self.offer(true);
        }
    }

    /// Makes an offer (restarting ICE with `restart`) and reports it as a signal.
    fn offer(&self, restart: bool) {
        let pc = self.pc.clone();
        let report = self.report.clone();
        spawn_local(async move {
            let result = async {
                let options = RtcOfferOptions::new();
                options.set_ice_restart(restart);
                let offer: JsValue =
                    JsFuture::from(pc.create_offer_with_rtc_offer_options(&options)).await?;
                let sdp = js_sys::Reflect::get(&offer, &"sdp".into())?
                    .as_string()
                    .unwrap_or_default();
                let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
                desc.set_sdp(&sdp);
                JsFuture::from(pc.set_local_description(&desc)).await?;
                Ok::<String, JsValue>(sdp)
            }
            .await;
            match result {
                Ok(sdp) => report(LinkEvent::Signal(SignalData::Offer { sdp })),
                Err(e) => report(LinkEvent::Closed(Some(js_error_text(&e)))),
            }
        });
    }

    /// A guest's side: a connection waiting for the offer and channel of `host` (its
    /// peer id), or the one the page's script already answered it on.
    pub fn accept(
        host: &str,
        ice_servers: &[IceServer],
        report: impl Fn(LinkEvent) + 'static,
    ) -> Result<PeerLink, NetError> {
        let report: Report = Rc::new(report);
        let early = super::early::take_link(host);
        let link = match &early {
            Some(e) => PeerLink::with(e.pc.clone(), report)?,
            None => PeerLink::new(ice_servers, report)?,
        };
        let channel = link.channel.clone();
        let report = link.report.clone();
        let handlers = Rc::downgrade(&link.handlers);
        let on_channel = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let Ok(ev) = ev.dyn_into::<RtcDataChannelEvent>() else {
                return;
            };
            let dc = ev.channel();
            if dc.label() != CHANNEL_LABEL || channel.borrow().is_some() {
                dc.close();
                return;
            }
            if let Some(handlers) = handlers.upgrade() {
                attach_channel(&dc, &report, &handlers);
            }
            let already_open = dc.ready_state() == RtcDataChannelState::Open;
            *channel.borrow_mut() = Some(dc);
            if already_open {
                report(LinkEvent::Open);
            }
        });
        link.pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        link.handlers.borrow_mut().push(on_channel);
        if let Some(early) = early {
            link.adopt(early);
        }
        Ok(link)
    }

    /// Takes over what the page's script did on this connection: the signals it applied,
    /// the candidates it sent, the channel and the frames on it, and the connection's
    /// state; reported after this call returns, in the order they happened.
    fn adopt(&self, early: super::early::EarlyLink) {
        *self.applied.borrow_mut() = early.applied;
        let mut channel = None;
        if let Some(dc) = early.channel.filter(|dc| dc.label() == CHANNEL_LABEL) {
            attach_channel(&dc, &self.report, &self.handlers);
            channel = Some(dc.ready_state());
            *self.channel.borrow_mut() = Some(dc);
        }
        let state = self.pc.connection_state();
        let report = self.report.clone();
        spawn_local(async move {
            for candidate in early.gathered {
                report(LinkEvent::Gathered(candidate));
            }
            match channel {
                Some(RtcDataChannelState::Open) => {
                    report(LinkEvent::Open);
                    for frame in early.frames {
                        report(LinkEvent::Frame(frame));
                    }
                }
                Some(RtcDataChannelState::Closing | RtcDataChannelState::Closed) => {
                    return report(LinkEvent::Closed(None));
                }
                _ => {}
            }
            match state {
                RtcPeerConnectionState::Connected => report(LinkEvent::Stable),
                RtcPeerConnectionState::Disconnected => report(LinkEvent::Unstable),
                RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed => {
                    report(LinkEvent::Closed(Some(crate::i18n::t("link-no-path"))))
                }
                _ => {}
            }
        });
    }

    fn new(ice_servers: &[IceServer], report: Report) -> Result<PeerLink, NetError> {
        let config = RtcConfiguration::new();
        config.set_ice_servers(&ice_server_array(ice_servers));
        let pc = RtcPeerConnection::new_with_configuration(&config)?;
        PeerLink::with(pc, report)
    }

    /// A link on `pc`, with this link's handlers on it.
    fn with(pc: RtcPeerConnection, report: Report) -> Result<PeerLink, NetError> {
        let handlers: Rc<RefCell<Vec<Handler>>> = Rc::default();

        let on_candidate = {
            let report = report.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
                let Ok(ev) = ev.dyn_into::<RtcPeerConnectionIceEvent>() else {
                    return;
                };
                // `None` marks the end of gathering; the other side needs nothing for it.
                if let Some(c) = ev.candidate() {
                    report(LinkEvent::Signal(SignalData::Candidate {
                        candidate: c.candidate(),
                        sdp_mid: c.sdp_mid(),
                        sdp_m_line_index: c.sdp_m_line_index(),
                    }));
                }
            })
        };
        pc.set_onicecandidate(Some(on_candidate.as_ref().unchecked_ref()));
        let on_state = {
            let report = report.clone();
            let pc = pc.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| match pc.connection_state() {
                RtcPeerConnectionState::Failed => {
                    report(LinkEvent::Closed(Some(crate::i18n::t("link-no-path"))))
                }
                RtcPeerConnectionState::Disconnected => report(LinkEvent::Unstable),
                RtcPeerConnectionState::Connected => report(LinkEvent::Stable),
                _ => {}
            })
        };
        pc.set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));
        let channel: Rc<RefCell<Option<RtcDataChannel>>> = Rc::default();
        // The heartbeat: one timer for the link's life, sending while the channel is open.
        let on_beat = {
            let channel = channel.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if let Some(dc) = &*channel.borrow()
                    && dc.ready_state() == RtcDataChannelState::Open
                {
                    // A full send buffer throws: this beat is lost, the next one may pass.
                    let _ = dc.send_with_u8_array(&HEARTBEAT);
                }
            })
        };
        let beat = web_sys::window().and_then(|w| {
            w.set_interval_with_callback_and_timeout_and_arguments_0(
                on_beat.as_ref().unchecked_ref(),
                HEARTBEAT_MS as i32,
            )
            .ok()
        });
        handlers
            .borrow_mut()
            .extend([on_candidate, on_state, on_beat]);

        Ok(PeerLink {
            serial: 0,
            pc,
            channel,
            report,
            handlers,
            beat,
            applied: RefCell::default(),
        })
    }

    /// Applies a signal from the other peer.
    pub fn apply(&self, data: SignalData) {
        // Taken already by the page's script, on the connection this link adopted.
        {
            let mut applied = self.applied.borrow_mut();
            if let Some(i) = applied.iter().position(|d| *d == data) {
                applied.remove(i);
                return;
            }
        }
        let pc = self.pc.clone();
        let report = self.report.clone();
        // Each call starts its browser operation on the first poll, and spawned futures are
        // polled in order, so the connection's operation chain sees the signals in the order
        // they arrived (a candidate never overtakes the offer it belongs to).
        spawn_local(async move {
            match data {
                SignalData::Offer { sdp } => {
                    let result = async {
                        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
                        desc.set_sdp(&sdp);
                        JsFuture::from(pc.set_remote_description(&desc)).await?;
                        let answer: JsValue = JsFuture::from(pc.create_answer()).await?;
                        let sdp = js_sys::Reflect::get(&answer, &"sdp".into())?
                            .as_string()
                            .unwrap_or_default();
                        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
                        desc.set_sdp(&sdp);
                        JsFuture::from(pc.set_local_description(&desc)).await?;
                        Ok::<String, JsValue>(sdp)
                    }
                    .await;
                    match result {
                        // The session adds the name the guest's hello will give.
                        Ok(sdp) => {
                            report(LinkEvent::Signal(SignalData::Answer { sdp, name: None }))
                        }
                        Err(e) => report(LinkEvent::Closed(Some(js_error_text(&e)))),
                    }
                }
                SignalData::Answer { sdp, .. } => {
                    let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
                    desc.set_sdp(&sdp);
                    if let Err(e) = JsFuture::from(pc.set_remote_description(&desc)).await {
                        report(LinkEvent::Closed(Some(js_error_text(&e))));
                    }
                }
                // Requests for the host's session, never applied to a connection.
                SignalData::Restart | SignalData::Redial => {}
                SignalData::Candidate {
                    candidate,
                    sdp_mid,
                    sdp_m_line_index,
                } => {
                    let init = RtcIceCandidateInit::new(&candidate);
                    init.set_sdp_mid(sdp_mid.as_deref());
                    init.set_sdp_m_line_index(sdp_m_line_index);
                    let added = pc.add_ice_candidate_with_opt_rtc_ice_candidate_init(Some(&init));
                    // One bad candidate does not doom the link: others may work.
                    if let Err(e) = JsFuture::from(added).await {
                        web_sys::console::warn_1(
                            &format!("ignored an ICE candidate: {}", js_error_text(&e)).into(),
                        );
                    }
                }
            }
        });
    }

    /// Sends a text frame if the channel is open.
    pub fn send(&self, frame: &str) -> Result<(), NetError> {
        match &*self.channel.borrow() {
            Some(dc) if dc.ready_state() == RtcDataChannelState::Open => {
                Ok(dc.send_with_str(frame)?)
            }
            _ => Err(NetError::ChannelClosed),
        }
    }
}

impl Drop for PeerLink {
    fn drop(&mut self) {
        // Detach every handler before the closures are freed, then close.
        if let (Some(id), Some(w)) = (self.beat, web_sys::window()) {
            w.clear_interval_with_handle(id);
        }
        self.pc.set_onicecandidate(None);
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_ondatachannel(None);
        if let Some(dc) = self.channel.borrow_mut().take() {
            dc.set_onopen(None);
            dc.set_onmessage(None);
            dc.set_onclose(None);
            dc.close();
        }
        self.pc.close();
    }
}

/// Reports the channel's opening, frames and closing.
fn attach_channel(dc: &RtcDataChannel, report: &Report, handlers: &RefCell<Vec<Handler>>) {
    let on_open = {
        let report = report.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_| report(LinkEvent::Open))
    };
    let on_message = {
        let report = report.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let Ok(ev) = ev.dyn_into::<MessageEvent>() else {
                return;
            };
            // Text is the protocol's messages; a binary message is its heartbeat, whatever
            // its bytes, and is not read.
            match ev.data().as_string() {
                Some(text) => report(LinkEvent::Frame(text)),
                None => report(LinkEvent::Beat),
            }
        })
    };
    let on_close = {
        let report = report.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_| report(LinkEvent::Closed(None)))
    };
    dc.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    dc.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    dc.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    handlers
        .borrow_mut()
        .extend([on_open, on_message, on_close]);
}

/// The relay's ICE servers in the browser's `RTCIceServer` shape.
fn ice_server_array(servers: &[IceServer]) -> js_sys::Array {
    let out = js_sys::Array::new();
    for s in servers {
        let server = RtcIceServer::new();
        let urls: js_sys::Array = s.urls.iter().map(|u| JsValue::from_str(u)).collect();
        server.set_urls(&urls);
        if let Some(u) = &s.username {
            server.set_username(u);
        }
        if let Some(c) = &s.credential {
            server.set_credential(c);
        }
        out.push(&server);
    }
    out
}
