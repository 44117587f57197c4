//! The worker that referees a table this page hosts (`client/referee/`, its own wasm
//! module, which only a hosting page loads).
//!
//! The page posts [`ToReferee`] texts; the worker posts back [`FromReferee`] texts: the
//! host's [`Outgoing`], and a note when a table it was started to resume did not restore. A worker that
//! fails to load or dies reports [`RefereeEvent::Failed`]. Dropping the handle ends the
//! worker.
//!
//! The worker is named after the tab's table key and whether it resumes ("referee KEY
//! resume"): its bootstrap keeps the snapshot under that key.

use shared::session::{FromReferee, Outgoing, ToReferee};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use super::NetError;

/// What the worker said.
pub enum RefereeEvent {
    /// A message of the referee's.
    Out(Outgoing),
    /// The saved table did not restore (why); the worker holds no table.
    NotRestored(String),
    /// Something that is not one (reported, never trusted).
    Garbage(String),
    /// The worker could not load, or failed.
    Failed(String),
}

/// A running referee.
pub struct RefereeWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl RefereeWorker {
    /// Starts the worker script at `url` (a module worker) for the table this tab keeps
    /// under `key`, resuming it from storage with `resume`, reporting to `on_event`.
    pub fn start(
        url: &str,
        key: &str,
        resume: bool,
        on_event: impl Fn(RefereeEvent) + 'static,
    ) -> Result<Self, NetError> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let mode = if resume { "resume" } else { "new" };
        options.set_name(&format!("referee {key} {mode}"));
        let worker = Worker::new_with_options(url, &options)?;
        let on_event = std::rc::Rc::new(on_event);
        let on_message = {
            let on_event = on_event.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let event = match e.data().as_string() {
                    Some(text) => {
                        match FromReferee::decode(&text).map(FromReferee::into_outgoing) {
                            Ok(Ok(out)) => RefereeEvent::Out(out),
                            Ok(Err(why)) => RefereeEvent::NotRestored(why),
                            Err(e) => RefereeEvent::Garbage(e.to_string()),
                        }
                    }
                    None => RefereeEvent::Garbage("a message that is not text".to_owned()),
                };
                on_event(event);
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            let message = e.message();
            on_event(RefereeEvent::Failed(if message.is_empty() {
                crate::i18n::t("referee-no-load")
            } else {
                message
            }));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(RefereeWorker {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends one message; the worker carries them out in order.
    pub fn post(&self, msg: &ToReferee) -> Result<(), NetError> {
        Ok(self
            .worker
            .post_message(&JsValue::from_str(&msg.encode()))?)
    }
}

impl Drop for RefereeWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
