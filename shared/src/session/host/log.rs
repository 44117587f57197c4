//! The table's log: what the host keeps of it, and each member's view of each entry
//! (R11: events are redacted for the reader).

use super::{Host, MAX_LOG, RESET_LOG_BYTES, Stored};
use crate::engine::Seat;
use crate::session::protocol::{LogEntry, LogItem};
use crate::session::rules;

impl Host {
    pub(crate) fn push_log(&mut self, item: Stored) {
        self.log.push(item);
        self.trim_log();
    }

    pub(super) fn trim_log(&mut self) {
        if self.log.len() > MAX_LOG {
            let drop = self.log.len() - MAX_LOG;
            self.log.drain(..drop);
            self.log_start += drop as u64;
        }
    }

    pub(super) fn log_end(&self) -> u64 {
        self.log_start + self.log.len() as u64
    }

    /// A log entry as member `id` may read it; `None` if it may not see it at all.
    pub(super) fn entry_for(
        &self,
        n: u64,
        stored: &Stored,
        viewer: Option<Seat>,
    ) -> Option<LogEntry> {
        let item = match stored {
            Stored::Relayed { .. } => return None,
            Stored::Event { game_no, event } => {
                // Events of past games are read as a watcher would: the seats have moved.
                let viewer = if *game_no == self.game_no {
                    viewer
                } else {
                    None
                };
                let event = rules::redact(event, viewer);
                LogItem::Event {
                    game_no: *game_no,
                    event,
                }
            }
            Stored::Chat { line } => LogItem::Chat { line: line.clone() },
            Stored::React {
                line,
                from,
                reaction,
                on,
            } => LogItem::React {
                line: *line,
                from: *from,
                reaction: *reaction,
                on: *on,
            },
            Stored::Note { note } => LogItem::Note { note: note.clone() },
            Stored::Fair { game_no, record } => LogItem::Fair {
                game_no: *game_no,
                record: record.clone(),
            },
            Stored::FairAnswer { game_no, answer } => LogItem::FairAnswer {
                game_no: *game_no,
                answer: answer.clone(),
            },
            Stored::FairDecision {
                game_no,
                seat,
                input,
                signature,
            } => LogItem::FairDecision {
                game_no: *game_no,
                seat: *seat,
                input: *input,
                signature: signature.clone(),
            },
        };
        Some(LogEntry { n, item })
    }

    pub(super) fn log_for(&self, from: u64, viewer: Option<Seat>) -> Vec<LogEntry> {
        let skip = from.saturating_sub(self.log_start) as usize;
        self.log
            .iter()
            .enumerate()
            .skip(skip)
            .filter_map(|(i, s)| self.entry_for(self.log_start + i as u64, s, viewer))
            .collect()
    }

    /// Keeps, of a whole-state log, the current game's events (the view is rebuilt from
    /// them) and the newest other entries up to [`RESET_LOG_BYTES`].
    pub(super) fn compact_reset_log(&self, log: &mut Vec<LogEntry>) {
        let current = self.game_ref().map(|_| self.game_no);
        let mut budget = RESET_LOG_BYTES;
        let mut keep = vec![true; log.len()];
        for (i, entry) in log.iter().enumerate().rev() {
            // A fair game's records and answers too: every page rebuilds its ledger from
            // them (docs/FAIR-DEAL.md, section 8).
            if matches!(entry.item,
                LogItem::Event { game_no, .. }
                | LogItem::Fair { game_no, .. }
                | LogItem::FairAnswer { game_no, .. }
                | LogItem::FairDecision { game_no, .. } if Some(game_no) == current)
            {
                continue;
            }
            let size = serde_json::to_string(entry).map_or(usize::MAX, |s| s.len());
            if size <= budget {
                budget -= size;
            } else {
                budget = 0;
                keep[i] = false;
            }
        }
        let mut flags = keep.into_iter();
        log.retain(|_| flags.next().unwrap_or(false));
    }
}
