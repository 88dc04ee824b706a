//! The address the venue's phones reach this computer at.

use std::net::{IpAddr, UdpSocket};

/// This computer's address on the local network: the source address of the route to a
/// private address (no packet is sent), when there is one.
pub fn lan_address() -> Option<IpAddr> {
    ["192.168.0.1:9", "10.0.0.1:9", "172.16.0.1:9"]
        .iter()
        .find_map(|target| {
            let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
            socket.connect(target).ok()?;
            let ip = socket.local_addr().ok()?.ip();
            (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
        })
}
