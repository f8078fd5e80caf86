#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The only file with raw POSIX calls: TCP connect, serial port set-up, polled reads and writes.
/// Everything above it works with plain file descriptors and Swift errors.
enum POSIXDescriptor {
    /// What a polled read found.
    enum ReadResult: Equatable {
        case data(Int)
        case timedOut
        case endOfStream
        case failed(String)
    }

    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Connects to `host:port` (name or address, IPv4 or IPv6) within `timeout` seconds and returns a
    /// non-blocking socket.
    /// - Throws: ``SourceError`` `.connection` with the resolver's or the kernel's reason.
    static func connectTCP(host: String, port: Int, timeout: Double) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SourceError(.connection, "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errorText()
                continue
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                return descriptor
            }
            if errno == EINPROGRESS {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&poller, 1, Int32(timeout * 1000)) == 1 {
                    var socketError: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
                    if socketError == 0 { return descriptor }
                    lastError = errorText(socketError)
                } else {
                    lastError = "timed out after \(timeout) s"
                }
            } else {
                lastError = errorText()
            }
            Glibc.close(descriptor)
        }
        throw SourceError(.connection, "cannot connect to \(host):\(port): \(lastError)")
    }

    /// Baud rates a serial port can be set to.
    static let baudRates: [Int: speed_t] = [
        1200: speed_t(B1200), 2400: speed_t(B2400), 4800: speed_t(B4800), 9600: speed_t(B9600),
        19200: speed_t(B19200), 38400: speed_t(B38400), 57600: speed_t(B57600), 115200: speed_t(B115200),
        230400: speed_t(B230400),
    ]

    /// Opens a serial device in raw mode, 8 data bits, no parity, one stop bit, no flow control.
    /// - Throws: ``SourceError`` `.connection` when the device cannot be opened or configured.
    static func openSerial(path: String, baud: Int) throws -> Int32 {
        guard let speed = baudRates[baud] else {
            throw SourceError(.invalidSpec, "unsupported baud rate \(baud)")
        }
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw SourceError(.connection, "cannot open \(path): \(errorText())")
        }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            let reason = errorText()
            Glibc.close(descriptor)
            throw SourceError(.connection, "\(path) is not a serial port: \(reason)")
        }
        cfmakeraw(&settings)
        cfsetispeed(&settings, speed)
        cfsetospeed(&settings, speed)
        settings.c_cflag &= ~(tcflag_t(PARENB) | tcflag_t(CSTOPB) | tcflag_t(CSIZE) | tcflag_t(CRTSCTS))
        settings.c_cflag |= tcflag_t(CS8) | tcflag_t(CLOCAL) | tcflag_t(CREAD)
        // VMIN 1 / VTIME 0: a read returns as soon as a byte is there; poll() provides the timeout.
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            let reason = errorText()
            Glibc.close(descriptor)
            throw SourceError(.connection, "cannot configure \(path): \(reason)")
        }
        tcflush(descriptor, TCIFLUSH)
        return descriptor
    }

    /// Waits up to `timeout` seconds for input and reads what is there into `buffer`.
    static func read(_ descriptor: Int32, into buffer: inout [UInt8], timeout: Double) -> ReadResult {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeout * 1000))
        if ready == 0 { return .timedOut }
        if ready < 0 { return errno == EINTR ? .timedOut : .failed(errorText()) }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { return .data(count) }
        if count == 0 { return .endOfStream }
        return errno == EAGAIN || errno == EINTR ? .timedOut : .failed(errorText())
    }

    /// Writes all bytes to a (possibly non-blocking) socket.
    /// - Throws: ``SourceError`` `.connection` when the peer is gone.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
            } else if errno == EAGAIN || errno == EINTR {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, 100)
            } else {
                throw SourceError(.connection, "write failed: \(errorText())")
            }
        }
    }

    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}
