import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file mapped read-only for as long as anything refers to it. Its pages are the page cache's own: using them
/// in place costs no copy and no fresh memory, and under memory pressure the kernel can drop them and read
/// them again instead of swapping.
///
/// The files navbus maps are only ever replaced by a rename (``ChecksummedFile/write``), which leaves a mapping of
/// the old file intact. Truncating a mapped file in place is outside that contract (the process would get SIGBUS
/// on the lost pages, as with any mapped database).
package final class MappedRegion: @unchecked Sendable {
    // Sendable: the memory is mapped read-only and never changes while the region exists.
    package let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the whole file at `path`, populated at once (one pass through the kernel instead of a page fault per
    /// 4 KiB later).
    /// - Throws: ``MapError`` (`fileNotFound`) when the file cannot be opened or mapped.
    package init(path: String, kind: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw MapError(.fileNotFound, path: path, "no such file or not readable") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw MapError(.fileNotFound, path: path, "cannot read the \(kind) file (errno \(errno))")
        }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
            mapping != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            throw MapError(.fileNotFound, path: path, "cannot map the \(kind) file (errno \(errno))")
        }
        bytes = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

/// An immutable array whose elements live either in memory of its own (a Swift array) or in place in a mapped
/// file (``MappedRegion``), which it keeps mapped. Large tables read back from a file use the second form, so a
/// navigator's start neither copies them nor touches fresh memory for them: at a million nodes the saved metric
/// is a gigabyte, and on a virtual machine that hands freed memory back to its host every fresh page is a fault
/// into the host.
///
/// Loops that run over many elements take the buffer (``withUnsafeBufferPointer(_:)``), which is the same in both
/// forms; the subscript is for the occasional lookup.
package struct ReadOnlyArray<Element: BitwiseCopyable & Sendable>: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case owned([Element])
        /// The region and the byte offset of the first element within it (aligned for `Element`).
        case mapped(MappedRegion, offset: Int)
    }

    private let storage: Storage
    package let count: Int

    package init(_ elements: [Element]) {
        storage = .owned(elements)
        count = elements.count
    }

    /// `count` elements at `offset` in `region`; nil unless they lie within it and `offset` is aligned for them.
    package init?(region: MappedRegion, offset: Int, count: Int) {
        guard let base = region.bytes.baseAddress, count >= 0, offset >= 0,
            count <= (region.bytes.count - offset) / Swift.max(1, MemoryLayout<Element>.stride),
            Int(bitPattern: base + offset) % MemoryLayout<Element>.alignment == 0
        else { return nil }
        storage = .mapped(region, offset: offset)
        self.count = count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> Element {
        switch storage {
        case .owned(let elements):
            return elements[position]
        case .mapped(let region, let offset):
            precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
            return UnsafeRawPointer(region.bytes.baseAddress.unsafelyUnwrapped)
                .load(fromByteOffset: offset + position * MemoryLayout<Element>.stride, as: Element.self)
        }
    }

    /// The elements' own array, nil when they are used in place in a mapped file: for handing the memory on
    /// once the last user is done with it.
    package var ownedElements: [Element]? {
        if case .owned(let elements) = storage { return elements }
        return nil
    }

    /// Whether the elements are used in place in a mapped file.
    package var isMapped: Bool {
        if case .mapped = storage { return true }
        return false
    }

    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        switch storage {
        case .owned(let elements):
            return try elements.withUnsafeBufferPointer(body)
        case .mapped(let region, let offset):
            guard count > 0, let base = region.bytes.baseAddress else {
                return try body(UnsafeBufferPointer(start: nil, count: 0))
            }
            // Aligned for `Element` (checked at init), and never written while the region exists.
            return try UnsafeRawPointer(base + offset).withMemoryRebound(to: Element.self, capacity: count) {
                try body(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }
}

extension ReadOnlyArray: Equatable where Element: Equatable {
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count
            && lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in left.elementsEqual(right) } }
    }
}
