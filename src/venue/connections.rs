//! Open connections, counted per address and in all: a phone (or an attacker) that opens
//! connections and never finishes a request holds one slot each, so their number is
//! bounded before any byte is read. A slot is given back when its connection closes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use super::limits::Limits;

/// The open connections.
#[derive(Debug, Default)]
pub(crate) struct Connections {
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One connection's slot; dropping it gives the slot back.
#[derive(Debug)]
pub(crate) struct Slot {
    table: Arc<Connections>,
    ip: IpAddr,
}

impl Connections {
    /// A slot for a new connection from `ip`; `None` when the address or the server has
    /// as many as its limits allow (the connection is then closed unread).
    pub(crate) fn admit(table: &Arc<Connections>, ip: IpAddr, limits: &Limits) -> Option<Slot> {
        let mut open = table.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *open;
        let here = by_address.entry(ip).or_insert(0);
        if *total >= limits.connections || *here >= limits.connections_per_address {
            if *here == 0 {
                by_address.remove(&ip);
            }
            return None;
        }
        *here += 1;
        *total += 1;
        Some(Slot {
            table: table.clone(),
            ip,
        })
    }

    /// How many connections are open (all addresses).
    #[cfg(test)]
    pub(crate) fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.table.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(here) = by_address.get_mut(&self.ip) {
            *here = here.saturating_sub(1);
            if *here == 0 {
                by_address.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_bounded_per_address_and_in_all_and_given_back() {
        let limits = Limits {
            connections_per_address: 2,
            connections: 3,
            ..Limits::default()
        };
        let table = Arc::new(Connections::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let c: IpAddr = "10.0.0.3".parse().unwrap();
        let a1 = Connections::admit(&table, a, &limits).unwrap();
        let a2 = Connections::admit(&table, a, &limits).unwrap();
        assert!(
            Connections::admit(&table, a, &limits).is_none(),
            "per address"
        );
        let b1 = Connections::admit(&table, b, &limits).unwrap();
        assert!(Connections::admit(&table, c, &limits).is_none(), "in all");
        assert_eq!(table.open(), 3);
        drop(a1);
        assert!(
            Connections::admit(&table, c, &limits).is_some(),
            "given back"
        );
        drop((a2, b1));
        assert_eq!(table.open(), 0);
        assert!(table.open.lock().unwrap().1.is_empty(), "no address kept");
    }
}
