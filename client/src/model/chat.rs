//! The chat log: the last lines said at the table, oldest first.

use std::collections::VecDeque;

/// How many lines the log keeps.
pub const CHAT_HISTORY: usize = 200;

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// A number unique within this log, for keyed rendering.
    pub id: u64,
    /// The speaker's relay peer id.
    pub from: String,
    pub text: String,
    /// Said by this page's player.
    pub mine: bool,
}

/// A bounded log of chat lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatLog {
    lines: VecDeque<ChatLine>,
    next_id: u64,
}

impl ChatLog {
    /// Appends a line, dropping the oldest past [`CHAT_HISTORY`].
    pub fn push(&mut self, from: &str, text: &str, mine: bool) {
        if self.lines.len() == CHAT_HISTORY {
            self.lines.pop_front();
        }
        self.lines.push_back(ChatLine {
            id: self.next_id,
            from: from.to_owned(),
            text: text.to_owned(),
            mine,
        });
        self.next_id += 1;
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &ChatLine> {
        self.lines.iter()
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    pub fn clear(&mut self) {
        self.lines.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_newest_lines_with_unique_ids() {
        let mut log = ChatLog::default();
        for i in 0..CHAT_HISTORY + 5 {
            log.push("p", &i.to_string(), false);
        }
        assert_eq!(log.len(), CHAT_HISTORY);
        let first = log.lines().next().map(|l| (l.id, l.text.clone()));
        assert_eq!(first, Some((5, "5".to_owned())));
        let ids: Vec<u64> = log.lines().map(|l| l.id).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
    }
}
