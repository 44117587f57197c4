//! The referee of a table this page hosts, in a dedicated Web Worker.
//!
//! A thin shell around [`shared::session::Referee`]: each message from the page is one
//! [`ToReferee`] text, carried out at the worker's clock; each [`Outgoing`] goes back to
//! the page as one [`FromReferee`] text. One timeout waits for the referee's next deadline, computed
//! from clock readings (a throttled timer only makes a tick late, never wrong). The page
//! keeps the interface and its own guest; the rules, the bots' thinking and every other
//! player's hidden cards stay here, off the page's main thread and out of the module a
//! joiner loads.
//!
//! The table is dealt from 32 bytes of `crypto.getRandomValues`, and the bots think
//! against `performance.now()`: each automatic decision takes Hard's whole budget (50 ms),
//! whatever the bot holds, so its timing tells nothing (`Host::set_bot_clock`).
//!
//! The worker's bootstrap script (`client/referee.js`) queues what the page sends while
//! this module loads, then hands the queue to [`run`]. It also keeps the table's snapshot
//! in IndexedDB: the shell saves [`Referee::snapshot`] after every call that changed
//! something, and a worker started to resume restores from what was saved, so a host's
//! page that reloads takes its table back. Every hand stays in the worker and its store;
//! the page is only told whether the restore failed ([`FromReferee::NotRestored`]).
//!
//! The fair deal's referee (its checks of every shuffle, proof and signature) is not in
//! this module: `.ci/build-client.sh` cuts it out at the split point [`worker::fair_maker`]
//! into a module of its own, which the shell fetches once its table needs it (the host's
//! player turned the fair deal on, a saved fair game is being restored, or a fair table
//! is being taken over from its recovery copy: the takeover opens once it is here). What the page
//! sends meanwhile waits, in order, and is carried out once the code is here; a fetch that
//! fails is tried again with the next message, and until then the host refuses to deal
//! fairly, saying why.

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;
    use std::rc::Rc;

    use shared::session::{FairMaker, FromReferee, Outgoing, PortError, Referee, ToReferee};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use wasm_split_helpers::{SplitLoaderError, wasm_split};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// The fair deal's referee: the split point of the module `referee_fair`.
    #[wasm_split(referee_fair, fallible)]
    pub fn fair_maker() -> Result<FairMaker, SplitLoaderError> {
        Ok(shared::session::fair_engine)
    }

    /// The worker's state: the referee and its one pending timeout.
    struct Shell {
        referee: Referee,
        scope: DedicatedWorkerGlobalScope,
        timer: Option<i32>,
        on_timer: Option<Closure<dyn FnMut()>>,
        /// Saves a snapshot in the bootstrap's store.
        save: js_sys::Function,
        /// While the fair deal's code loads: what the page sent meanwhile, in order.
        held: Option<Vec<JsValue>>,
        /// A snapshot to restore once the fair deal's code is here (it holds a fair game).
        restore: Option<String>,
        /// Moves a snapshot that did not restore aside, in the bootstrap's store.
        set_aside: js_sys::Function,
    }

    /// Wall-clock milliseconds, the unit of the table's deadlines (the page's guest reads
    /// them against the same clock).
    fn now_ms() -> u64 {
        js_sys::Date::now() as u64
    }

    impl Shell {
        fn post(&self, msg: &FromReferee) {
            // A page that went away cannot be told; nothing else can fail here.
            let _ = self.scope.post_message(&JsValue::from_str(&msg.encode()));
        }

        /// Sends what the host returned to the page.
        fn post_all(&self, outs: Vec<Outgoing>) {
            for out in outs {
                match FromReferee::from_outgoing(out) {
                    Ok(msg) => self.post(&msg),
                    Err(e) => self.problem(&format!("a text of the host's is not JSON: {e}")),
                }
            }
        }

        /// Tells the page its table was not restored, and why.
        fn not_restored(&self, why: String) {
            self.post(&FromReferee::NotRestored { why });
        }

        fn problem(&self, text: &str) {
            web_sys::console::error_1(&JsValue::from_str(&format!("referee: {text}")));
        }

        /// Keeps the table as it is now, for a reload.
        fn save(&self, now: u64) {
            if let Some(snapshot) = self.referee.snapshot(now) {
                let _ = self
                    .save
                    .call1(&JsValue::NULL, &JsValue::from_str(&snapshot));
            }
        }

        /// Carries out one message at `now`; a change is saved.
        fn call(&mut self, msg: ToReferee, now: u64) -> Result<(), PortError> {
            let outs = self.referee.call(msg, now)?;
            self.sent(outs, now);
            Ok(())
        }

        /// Sends what the host returned at `now`; a change is saved.
        fn sent(&self, outs: Vec<Outgoing>, now: u64) {
            if !outs.is_empty() {
                self.post_all(outs);
                self.save(now);
            }
        }

        /// One text from the page.
        fn on_text(&mut self, text: &str) {
            let now = now_ms();
            match ToReferee::decode(text) {
                Ok(msg) => match self.call(msg, now) {
                    // The table this page was to take over did not open: the page is told,
                    // as of a table that did not restore.
                    Err(e @ PortError::TakeOver(_)) => self.not_restored(e.to_string()),
                    Err(e) => self.problem(&e.to_string()),
                    Ok(()) => {}
                },
                Err(e) => self.problem(&format!("ignored a message from the page: {e}")),
            }
        }

        /// One message from the page, carried out now.
        fn carry_out(&mut self, data: JsValue) {
            match data.as_string() {
                Some(text) => self.on_text(&text),
                None => self.problem("ignored a message that is not text"),
            }
            self.schedule();
        }

        /// Plays what is due; the caller schedules the next wait.
        fn on_timer(&mut self) {
            self.timer = None;
            let now = now_ms();
            let outs = self.referee.tick(now);
            self.sent(outs, now);
        }

        /// Waits for the next deadline (replacing the previous wait), if any.
        fn schedule(&mut self) {
            if let Some(id) = self.timer.take() {
                self.scope.clear_timeout_with_handle(id);
            }
            let Some(at) = self.referee.next_deadline() else {
                return;
            };
            let delay = i32::try_from(at.saturating_sub(now_ms())).unwrap_or(i32::MAX);
            if let Some(cb) = self.on_timer.as_ref() {
                self.timer = self
                    .scope
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        cb.as_ref().unchecked_ref(),
                        delay,
                    )
                    .ok();
            }
        }
    }

    /// The worker's monotonic clock in milliseconds (`performance.now()`).
    fn perf_now() -> f64 {
        js_sys::global()
            .unchecked_into::<web_sys::WorkerGlobalScope>()
            .performance()
            .map_or_else(js_sys::Date::now, |p| p.now())
    }

    /// 32 bytes of the platform's cryptographic RNG.
    fn seed(scope: &DedicatedWorkerGlobalScope) -> Result<[u8; 32], JsValue> {
        let mut seed = [0u8; 32];
        scope.crypto()?.get_random_values_with_u8_array(&mut seed)?;
        Ok(seed)
    }

    /// Starts the referee: `early` holds the texts that arrived while the module loaded,
    /// in order. With `resume`, the table is first restored from `saved` (what the store
    /// held, if anything); one that does not restore is handed to `set_aside` and the page
    /// is told. `save` keeps each snapshot. Fails (and the bootstrap reports it to the
    /// page) when the worker has no cryptographic RNG.
    #[wasm_bindgen]
    pub fn run(
        early: js_sys::Array,
        resume: bool,
        saved: Option<String>,
        save: js_sys::Function,
        set_aside: js_sys::Function,
    ) -> Result<(), JsValue> {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
        let mut referee = Referee::new(seed(&scope)?);
        // The recovery keys of a table that hands over come from a draw of their own.
        referee.set_handover_seed(seed(&scope)?);
        // Bots think against the worker's clock for Hard's whole budget, every time.
        referee.set_bot_clock(perf_now, shared::bots::Budget::DEFAULT_MILLIS);
        let shell = Rc::new(RefCell::new(Shell {
            referee,
            scope: scope.clone(),
            timer: None,
            on_timer: None,
            save,
            held: None,
            restore: None,
            set_aside,
        }));
        let weak = Rc::downgrade(&shell);
        let on_timer = Closure::<dyn FnMut()>::new(move || {
            if let Some(s) = weak.upgrade() {
                let mut s = s.borrow_mut();
                s.on_timer();
                s.schedule();
            }
        });
        shell.borrow_mut().on_timer = Some(on_timer);
        if resume {
            match saved {
                Some(snapshot) => restore(&shell, snapshot),
                None => shell
                    .borrow()
                    .not_restored("this tab kept no table".to_owned()),
            }
        }
        for data in early.iter() {
            on_data(&shell, data);
        }
        let handler = shell.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            on_data(&handler, e.data());
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The worker lives as long as the page keeps it: so do its handlers.
        on_message.forget();
        Ok(())
    }

    /// One message from the page: carried out now, or held while the fair deal's code
    /// loads. One that makes the table need that code starts its fetch.
    ///
    /// While the table wants that code and it is not here (an earlier fetch failed), each
    /// message waits for a new attempt first: a Start pressed again once the network is
    /// back deals.
    fn on_data(shell: &Rc<RefCell<Shell>>, data: JsValue) {
        {
            let mut s = shell.borrow_mut();
            if let Some(held) = s.held.as_mut() {
                held.push(data);
                return;
            }
            if s.referee.wants_fair_maker() {
                drop(s);
                return load_fair(shell, vec![data]);
            }
            s.carry_out(data);
        }
        if shell.borrow().referee.wants_fair_maker() {
            load_fair(shell, Vec::new());
        }
    }

    /// Restores the saved table; one that holds a fair game waits for the fair deal's
    /// code. One that does not restore is set aside and the page is told.
    fn restore(shell: &Rc<RefCell<Shell>>, snapshot: String) {
        let mut s = shell.borrow_mut();
        let now = now_ms();
        match s.referee.restore(&snapshot, now) {
            Ok(outs) => {
                s.sent(outs, now);
                s.schedule();
                // A lobby that deals fairly needs the code before its next deal.
                if s.referee.wants_fair_maker() {
                    drop(s);
                    load_fair(shell, Vec::new());
                }
            }
            Err(PortError::NeedsFair) if s.restore.is_none() => {
                s.restore = Some(snapshot);
                drop(s);
                load_fair(shell, Vec::new());
            }
            Err(e) => {
                let _ = s
                    .set_aside
                    .call1(&JsValue::NULL, &JsValue::from_str(&snapshot));
                s.not_restored(e.to_string());
            }
        }
    }

    /// Fetches the fair deal's code, holding what the page sends until it is here; then
    /// gives it to the referee, restores the table that waited for it, and carries out
    /// what was held, in order.
    ///
    /// `held` is what waits already; it and what the page sends meanwhile are carried out
    /// once the fetch is over, with the code or, when it failed, without it (a Start is
    /// then refused as `fair_unavailable`, and the next message tries again).
    fn load_fair(shell: &Rc<RefCell<Shell>>, held: Vec<JsValue>) {
        shell.borrow_mut().held = Some(held);
        let shell = shell.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let loaded = fair_maker().await;
            let (held, snapshot) = {
                let mut s = shell.borrow_mut();
                if let Ok(maker) = loaded {
                    s.referee.set_fair_maker(maker);
                    // A fair table being taken over waited for the code: it opens now
                    // if its shares are in (else with the share that completes them).
                    if s.referee.taking_over() {
                        let now = now_ms();
                        match s.referee.resume_takeover(now) {
                            Ok(outs) => s.sent(outs, now),
                            Err(e) => s.not_restored(e.to_string()),
                        }
                        s.schedule();
                    }
                }
                (s.held.take().unwrap_or_default(), s.restore.take())
            };
            if let Some(snapshot) = snapshot {
                if loaded.is_ok() {
                    restore(&shell, snapshot);
                } else {
                    // Kept where it was: the next load of the page tries again.
                    let why = "the fair deal's code did not load (is the network down?)";
                    shell.borrow().not_restored(why.to_owned());
                }
            } else if let Err(e) = loaded {
                shell
                    .borrow()
                    .problem(&format!("the fair deal's code did not load: {e:?}"));
            }
            let mut s = shell.borrow_mut();
            for data in held {
                s.carry_out(data);
            }
        });
    }
}
