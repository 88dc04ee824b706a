//! Warnings graded by level, as FIDE's acceptance checklist for tournament programs asks
//! (the TEC Manual's levels, as the public tracker Sharly Chess #2304 quotes them; checklist
//! Q218-221: no warning can be disabled or downgraded). The model says what a change
//! would do and how grave it is; the window asks accordingly, and nothing lets the arbiter
//! silence a level.

/// How grave a warning is, and what the arbiter must do to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WarningLevel {
    /// Level 2: shown and acknowledged; the change is made.
    Acknowledge,
    /// Level 3: the change is made only when the arbiter confirms it.
    Confirm,
    /// Level 4: the consequences are shown, then confirmed a second time.
    ConfirmTwice,
    /// Level 5: refused (in FIDE mode the arbiter may leave FIDE mode instead).
    Refuse,
}

impl WarningLevel {
    /// The level's number on the TEC Manual's scale.
    pub(crate) const fn number(self) -> u8 {
        match self {
            WarningLevel::Acknowledge => 2,
            WarningLevel::Confirm => 3,
            WarningLevel::ConfirmTwice => 4,
            WarningLevel::Refuse => 5,
        }
    }
}

/// One warning: its level and what it says, the rule named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub(crate) level: WarningLevel,
    pub(crate) text: String,
}

impl Warning {
    pub(crate) fn new(level: WarningLevel, text: impl Into<String>) -> Warning {
        Warning {
            level,
            text: text.into(),
        }
    }
}

impl From<super::FideModeRefusal> for Warning {
    fn from(refusal: super::FideModeRefusal) -> Warning {
        Warning::new(WarningLevel::Refuse, refusal.to_string())
    }
}

/// The gravest level among `warnings` (`None` when there are none).
pub(crate) fn gravest(warnings: &[Warning]) -> Option<WarningLevel> {
    warnings.iter().map(|w| w.level).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered_by_gravity_and_numbered_as_the_manual() {
        let all = [
            WarningLevel::Acknowledge,
            WarningLevel::Confirm,
            WarningLevel::ConfirmTwice,
            WarningLevel::Refuse,
        ];
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all.map(WarningLevel::number), [2, 3, 4, 5]);
        let warnings = [
            Warning::new(WarningLevel::Confirm, "a"),
            Warning::new(WarningLevel::ConfirmTwice, "b"),
            Warning::new(WarningLevel::Acknowledge, "c"),
        ];
        assert_eq!(gravest(&warnings), Some(WarningLevel::ConfirmTwice));
        assert_eq!(gravest(&[]), None);
    }
}
