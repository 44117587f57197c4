//! Answering a UDP datagram from the address it was sent to.
//!
//! A socket bound to the wildcard address (`0.0.0.0`, `[::]`) takes datagrams sent to any
//! of the host's addresses, but a plain `send_to` leaves from whichever address the kernel
//! picks for the route back. On a host with more than one address (a floating or
//! secondary address, an IPv6 host with several) that may not be the one the client
//! asked, and the client's NAT or stateful firewall, which matches an answer to the
//! request by both addresses, drops it. So the socket asks the kernel, with each
//! datagram, which of its addresses the datagram was sent to (`IP_PKTINFO`,
//! `IPV6_RECVPKTINFO`), and names that address as the answer's source (`IP_PKTINFO`,
//! `IPV6_PKTINFO` on `sendmsg`), as DNS and STUN servers do. A socket bound to one address
//! answers from it anyway; the same calls change nothing there.
//!
//! Only Linux (where the relay ships) is asked; elsewhere [`recv`] says nothing of the
//! destination and the kernel picks the source, as with `recv_from` and `send_to`.

use std::io;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};

use tokio::io::Interest;
use tokio::net::UdpSocket;

/// The local address a datagram was sent to, as the kernel reports it: the source its
/// answer must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Local {
    /// An IPv4 address (`ipi_spec_dst`: the datagram's destination, or for a broadcast
    /// the address of the interface it came in on), also on a dual-stack socket.
    V4(Ipv4Addr),
    /// An IPv6 address and the interface the datagram came in on (which a link-local
    /// address needs to mean anything).
    V6 {
        /// The datagram's destination.
        addr: Ipv6Addr,
        /// Its interface's index.
        ifindex: u32,
    },
}

/// One datagram read by [`recv`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Datagram {
    /// Its length in the buffer (cut to the buffer's length, as by `recv_from`).
    pub len: usize,
    /// Who sent it (on an IPv6 socket, an IPv4 sender as a v4-mapped address).
    pub from: SocketAddr,
    /// The local address it was sent to, when the kernel said (see [`ask_destination`]).
    pub to: Option<Local>,
}

/// Asks the kernel to report, with each datagram `socket` receives, the local address
/// it was sent to. A dual-stack IPv6 socket is asked for both families.
pub fn ask_destination(socket: &std::net::UdpSocket) -> io::Result<()> {
    sys::ask_destination(socket)
}

/// Reads one datagram into `buf`, and where it was sent to.
pub async fn recv(socket: &UdpSocket, buf: &mut [u8]) -> io::Result<Datagram> {
    socket
        .async_io(Interest::READABLE, || sys::recv(socket, buf))
        .await
}

/// Sends `data` to `to`, from `from` when given (a [`Datagram::to`]), else from the
/// address the kernel picks.
pub async fn send(
    socket: &UdpSocket,
    data: &[u8],
    to: SocketAddr,
    from: Option<Local>,
) -> io::Result<usize> {
    socket
        .async_io(Interest::WRITABLE, || sys::send(socket, data, to, from))
        .await
}

#[cfg(target_os = "linux")]
mod sys {
    use std::io::{self, IoSlice, IoSliceMut};
    use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
    use std::os::fd::AsRawFd as _;

    use nix::sys::socket::{
        ControlMessage, ControlMessageOwned, MsgFlags, SockaddrStorage, recvmsg, sendmsg,
        setsockopt, sockopt,
    };

    use crate::udp::{Datagram, Local};

    pub fn ask_destination(socket: &std::net::UdpSocket) -> io::Result<()> {
        if socket.local_addr()?.is_ipv4() {
            setsockopt(socket, sockopt::Ipv4PacketInfo, &true)?;
        } else {
            setsockopt(socket, sockopt::Ipv6RecvPacketInfo, &true)?;
            // An IPv4 datagram on a dual-stack socket then also comes with IP_PKTINFO,
            // whose ipi_spec_dst is an address a broadcast can be answered from. Without
            // it (IPV6_V6ONLY, or a kernel that refuses), IPV6_PKTINFO's v4-mapped
            // destination serves for every unicast datagram, so a refusal is no error.
            if let Err(e) = setsockopt(socket, sockopt::Ipv4PacketInfo, &true) {
                tracing::debug!("IP_PKTINFO on an IPv6 socket: {e}");
            }
        }
        Ok(())
    }

    /// Room for both control messages a dual-stack socket may get with one datagram.
    const CONTROL: usize = nix::sys::socket::cmsg_space::<libc::in_pktinfo>()
        + nix::sys::socket::cmsg_space::<libc::in6_pktinfo>();

    /// The control messages' buffer, on the stack: nix reads each message's header in
    /// place, so the buffer is aligned as a header (`cmsghdr`) is.
    #[repr(C, align(8))]
    struct Control([u8; CONTROL]);
    const _: () = assert!(std::mem::align_of::<Control>() >= std::mem::align_of::<libc::cmsghdr>());

    pub fn recv(socket: &tokio::net::UdpSocket, buf: &mut [u8]) -> io::Result<Datagram> {
        let mut control = Control([0; CONTROL]);
        let mut iov = [IoSliceMut::new(buf)];
        let msg = recvmsg::<SockaddrStorage>(
            socket.as_raw_fd(),
            &mut iov,
            Some(&mut control.0),
            MsgFlags::empty(),
        )?;
        let from = msg.address.as_ref().and_then(socket_addr).ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidData, "a datagram without its sender")
        })?;
        let mut to = None;
        for cmsg in msg.cmsgs()? {
            match cmsg {
                // IP_PKTINFO wins over IPV6_PKTINFO's v4-mapped address where both came.
                ControlMessageOwned::Ipv4PacketInfo(info) => {
                    to = Some(Local::V4(Ipv4Addr::from(u32::from_be(
                        info.ipi_spec_dst.s_addr,
                    ))));
                }
                ControlMessageOwned::Ipv6PacketInfo(info) if to.is_none() => {
                    to = Some(Local::V6 {
                        addr: Ipv6Addr::from(info.ipi6_addr.s6_addr),
                        ifindex: info.ipi6_ifindex,
                    });
                }
                _ => {}
            }
        }
        Ok(Datagram {
            len: msg.bytes,
            from,
            to,
        })
    }

    pub fn send(
        socket: &tokio::net::UdpSocket,
        data: &[u8],
        to: SocketAddr,
        from: Option<Local>,
    ) -> io::Result<usize> {
        let v4;
        let v6;
        let control = match from {
            Some(Local::V4(addr)) => {
                v4 = libc::in_pktinfo {
                    // No interface: the route to `to` picks it, as for any answer.
                    ipi_ifindex: 0,
                    ipi_spec_dst: libc::in_addr {
                        s_addr: u32::from(addr).to_be(),
                    },
                    ipi_addr: libc::in_addr { s_addr: 0 },
                };
                Some(ControlMessage::Ipv4PacketInfo(&v4))
            }
            // A multicast address is no source; the kernel picks one, as before.
            Some(Local::V6 { addr, ifindex }) if !addr.is_multicast() => {
                v6 = libc::in6_pktinfo {
                    ipi6_addr: libc::in6_addr {
                        s6_addr: addr.octets(),
                    },
                    // A link-local address is one only on its link; any other is left to
                    // the route, as for IPv4.
                    ipi6_ifindex: if addr.is_unicast_link_local() {
                        ifindex
                    } else {
                        0
                    },
                };
                Some(ControlMessage::Ipv6PacketInfo(&v6))
            }
            _ => None,
        };
        let dest = SockaddrStorage::from(to);
        Ok(sendmsg(
            socket.as_raw_fd(),
            &[IoSlice::new(data)],
            control.as_slice(),
            MsgFlags::empty(),
            Some(&dest),
        )?)
    }

    /// A received sender as a `SocketAddr`; `None` for any other family.
    fn socket_addr(addr: &SockaddrStorage) -> Option<SocketAddr> {
        if let Some(v4) = addr.as_sockaddr_in() {
            return Some(SocketAddr::V4((*v4).into()));
        }
        addr.as_sockaddr_in6()
            .map(|v6| SocketAddr::V6((*v6).into()))
    }
}

#[cfg(not(target_os = "linux"))]
mod sys {
    use std::io;
    use std::net::SocketAddr;

    use crate::udp::{Datagram, Local};

    pub fn ask_destination(_: &std::net::UdpSocket) -> io::Result<()> {
        Ok(())
    }

    pub fn recv(socket: &tokio::net::UdpSocket, buf: &mut [u8]) -> io::Result<Datagram> {
        let (len, from) = socket.try_recv_from(buf)?;
        Ok(Datagram {
            len,
            from,
            to: None,
        })
    }

    pub fn send(
        socket: &tokio::net::UdpSocket,
        data: &[u8],
        to: SocketAddr,
        _: Option<Local>,
    ) -> io::Result<usize> {
        socket.try_send_to(data, to)
    }
}
