//! Limits on what one address may ask: requests per minute, and failed codes per minute
//! (a guesser is stopped long before a code could be found). Counted per address in
//! one-minute windows; the table is bounded (the oldest windows go first).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many addresses are tracked at most.
const ADDRESSES: usize = 20_000;

const WINDOW: Duration = Duration::from_secs(60);

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests per address per minute.
    pub requests_per_minute: u32,
    /// Refused codes per address per minute; past it, the address's writes and code
    /// pages are refused until the minute ends.
    pub failures_per_minute: u32,
    /// Bytes of a request body.
    pub max_body: usize,
    /// Requests handled at once; more get 503.
    pub concurrent: usize,
    /// Connections open at once from one address, and in all; more are closed unread.
    pub connections_per_address: usize,
    pub connections: usize,
    /// How long a connection may take to send a request's headers (a connection that
    /// trickles them is closed).
    pub header_timeout: Duration,
    /// How long a request may take from its headers to its answer (a body that
    /// trickles in gets 408).
    pub request_timeout: Duration,
}

impl Default for Limits {
    /// A venue of a few hundred players, a few sharing an address behind a router's NAT.
    fn default() -> Limits {
        Limits {
            requests_per_minute: 600,
            failures_per_minute: 10,
            max_body: 4096,
            concurrent: 256,
            connections_per_address: 64,
            connections: 2048,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Window {
    start: Instant,
    requests: u32,
    failures: u32,
}

/// The counters.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    windows: Mutex<HashMap<IpAddr, Window>>,
}

impl Counters {
    fn with<T>(&self, ip: IpAddr, now: Instant, f: impl FnOnce(&mut Window) -> T) -> T {
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() >= ADDRESSES && !windows.contains_key(&ip) {
            windows.retain(|_, w| now.duration_since(w.start) < WINDOW);
            if windows.len() >= ADDRESSES {
                // Still full of live windows: the oldest go.
                let mut starts: Vec<Instant> = windows.values().map(|w| w.start).collect();
                starts.sort();
                let cut = starts[starts.len() / 2];
                windows.retain(|_, w| w.start > cut);
            }
        }
        let window = windows.entry(ip).or_insert(Window {
            start: now,
            requests: 0,
            failures: 0,
        });
        if now.duration_since(window.start) >= WINDOW {
            *window = Window {
                start: now,
                requests: 0,
                failures: 0,
            };
        }
        f(window)
    }

    /// Counts a request; false when the address is over its limit.
    pub(crate) fn request(&self, ip: IpAddr, limits: &Limits, now: Instant) -> bool {
        self.with(ip, now, |w| {
            w.requests = w.requests.saturating_add(1);
            w.requests <= limits.requests_per_minute
        })
    }

    /// Whether the address may try a code now.
    pub(crate) fn may_try(&self, ip: IpAddr, limits: &Limits, now: Instant) -> bool {
        self.with(ip, now, |w| w.failures < limits.failures_per_minute)
    }

    /// Counts a refused code.
    pub(crate) fn failed(&self, ip: IpAddr, now: Instant) {
        self.with(ip, now, |w| w.failures = w.failures.saturating_add(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_over_its_limits_is_refused_until_the_minute_ends() {
        let limits = Limits {
            requests_per_minute: 3,
            failures_per_minute: 2,
            ..Limits::default()
        };
        let counters = Counters::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let t0 = Instant::now();
        assert!((0..3).all(|_| counters.request(a, &limits, t0)));
        assert!(!counters.request(a, &limits, t0));
        assert!(
            counters.request(b, &limits, t0),
            "another address is not held"
        );
        assert!(counters.may_try(a, &limits, t0));
        counters.failed(a, t0);
        counters.failed(a, t0);
        assert!(!counters.may_try(a, &limits, t0));
        let later = t0 + WINDOW;
        assert!(counters.may_try(a, &limits, later));
        assert!(counters.request(a, &limits, later));
    }
}
