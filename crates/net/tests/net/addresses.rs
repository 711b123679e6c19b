//! The host's LAN addresses, read from the kernel's table without sending
//! anything (issue 21).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use chimera_net::transport::{lan_addresses, local_ipv4_from_fib_trie, reachable_at};

/// A machine with loopback, a public-range interface and a private one, as
/// Linux prints `/proc/net/fib_trie` (both tables list the addresses).
const TRIE: &str = "Main:
  +-- 0.0.0.0/0 3 0 5
     |-- 0.0.0.0
        /0 universe UNICAST
     +-- 127.0.0.0/8 2 0 2
        +-- 127.0.0.0/31 1 0 0
           |-- 127.0.0.0
              /8 host LOCAL
           |-- 127.0.0.1
              /32 host LOCAL
        |-- 127.255.255.255
           /32 link BROADCAST
     +-- 192.0.2.0/24 2 0 2
        +-- 192.0.2.0/30 2 0 2
           |-- 192.0.2.0
              /24 link UNICAST
           |-- 192.0.2.2
              /32 host LOCAL
        |-- 192.0.2.255
           /32 link BROADCAST
     +-- 192.168.1.0/24 2 0 2
        |-- 192.168.1.0
           /24 link UNICAST
        |-- 192.168.1.20
           /32 host LOCAL
        |-- 192.168.1.255
           /32 link BROADCAST
Local:
  +-- 0.0.0.0/0 3 0 5
     +-- 127.0.0.0/8 2 0 2
           |-- 127.0.0.1
              /32 host LOCAL
     +-- 192.0.2.0/24 2 0 2
           |-- 192.0.2.2
              /32 host LOCAL
        |-- 192.168.1.20
           /32 host LOCAL
";

#[test]
fn the_local_addresses_are_read_from_the_table_private_first_without_loopback_or_broadcast() {
    assert_eq!(
        local_ipv4_from_fib_trie(TRIE),
        vec![Ipv4Addr::new(192, 168, 1, 20), Ipv4Addr::new(192, 0, 2, 2)]
    );
}

#[test]
fn a_table_without_local_addresses_or_garbage_gives_none() {
    assert!(local_ipv4_from_fib_trie("").is_empty());
    assert!(local_ipv4_from_fib_trie("|-- 10.0.0.1\n/24 link UNICAST\n").is_empty());
    assert!(local_ipv4_from_fib_trie("|-- not an address\n/32 host LOCAL\n").is_empty());
    // A host line belongs to the address just above it, not to one before a
    // new branch.
    assert!(
        local_ipv4_from_fib_trie("|-- 10.0.0.1\n+-- 10.0.0.0/8 1 0 0\n/32 host LOCAL\n").is_empty()
    );
    assert_eq!(
        local_ipv4_from_fib_trie("|-- 10.1.2.3\n   /32 host LOCAL\n"),
        vec![Ipv4Addr::new(10, 1, 2, 3)]
    );
}

#[test]
fn this_machines_addresses_are_never_loopback_and_a_bound_address_is_shown_as_is() {
    for ip in lan_addresses() {
        assert!(!ip.is_loopback() && ip.is_ipv4(), "{ip}");
    }
    let bound: SocketAddr = "127.0.0.1:6101".parse().unwrap();
    assert_eq!(reachable_at(bound), vec![bound]);
    let any: SocketAddr = "0.0.0.0:6101".parse().unwrap();
    let shown = reachable_at(any);
    assert!(!shown.is_empty());
    for a in &shown {
        assert_eq!(a.port(), 6101);
        assert!(a.ip() != IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
}
