//! The public pages of an event (placeholder; see the venue-network issue).
