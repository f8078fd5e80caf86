import Foundation

/// Refuses OSM XML that libreadosm 1.1 would crash on, before readosm sees it.
///
/// readosm takes the attributes of `<tag>` (`k`, `v`) and `<member>` (`type`, `ref`, `role`) without checking
/// that they exist: one `<tag ref="2"/>` in a node makes it read a null pointer and kills the process that
/// loads the map (found by the `fuzz-osm` target). Such files are not valid OSM anyway, so they are refused as
/// corrupt. The check reads the start tags of those two elements the way an XML parser does (comments, CDATA
/// and processing instructions skipped, attributes in either quote), and refuses what could hide an element
/// from it: entity declarations (`<!ENTITY …>`, whose replacement text can contain markup) and encodings whose
/// markup is not ASCII bytes (UTF-16 and UTF-32 put NUL bytes into every `<`; XML never contains NUL).
enum OSMXMLPreflight {
    /// The attributes readosm dereferences, per element.
    private static let requiredAttributes: [(element: [UInt8], attributes: [[UInt8]])] = [
        (Array("tag".utf8), [Array("k".utf8), Array("v".utf8)]),
        (Array("member".utf8), [Array("type".utf8), Array("ref".utf8), Array("role".utf8)]),
    ]

    /// - Throws: ``MapError`` `.corrupt` naming the first problem, `.ioFailure` when the file cannot be read.
    static func check(path: String) throws(MapError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw MapError(.ioFailure, path: path, "cannot read the file: \(error.localizedDescription)")
        }
        if let problem = data.withUnsafeBytes({ problem(in: $0) }) {
            throw MapError(.corrupt, path: path, problem)
        }
    }

    /// The first reason readosm must not read these bytes, or `nil`.
    static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.contains(0) { return "holds NUL bytes: not UTF-8 or ASCII-compatible OSM XML" }
        var scanner = StartTagScanner(bytes: bytes)
        while let (name, offset) = scanner.nextElement() {
            guard let rule = requiredAttributes.first(where: { name.elementsEqual($0.element) }) else { continue }
            guard let attributes = scanner.attributeNames() else {
                return scanner.problem ?? "a malformed <\(String(decoding: name, as: UTF8.self))> at byte \(offset)"
            }
            for required in rule.attributes where !attributes.contains(where: { $0.elementsEqual(required) }) {
                return "a <\(String(decoding: name, as: UTF8.self))> without \(String(decoding: required, as: UTF8.self)) at byte \(offset)"
            }
        }
        return scanner.problem
    }

    /// Walks the start tags of an XML text without building anything.
    private struct StartTagScanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        /// Set when the text holds something the check refuses.
        var problem: String?

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// The name of the next element's start tag and its offset; the index is left after the name.
        mutating func nextElement() -> (name: UnsafeRawBufferPointer.SubSequence, offset: Int)? {
            while problem == nil, let open = find([UInt8(ascii: "<")], from: index) {
                index = open + 1
                if starts(with: "!--") {
                    index = find(Array("-->".utf8), from: index).map { $0 + 3 } ?? bytes.count
                } else if starts(with: "![CDATA[") {
                    index = find(Array("]]>".utf8), from: index).map { $0 + 3 } ?? bytes.count
                } else if starts(with: "!ENTITY") {
                    problem = "declares entities at byte \(open): OSM XML has none, and they could hide elements"
                } else if starts(with: "?") || starts(with: "!") || starts(with: "/") {
                    continue
                } else {
                    let start = index
                    while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
                    return (bytes[start..<index], open)
                }
            }
            return nil
        }

        /// The attribute names of the start tag the index is in, or `nil` when it is malformed.
        mutating func attributeNames() -> [UnsafeRawBufferPointer.SubSequence]? {
            var names: [UnsafeRawBufferPointer.SubSequence] = []
            while true {
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: ">") { return names }
                let start = index
                while index < bytes.count, !Self.endsName(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
                let name = bytes[start..<index]
                skipWhitespace()
                guard !name.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
                    let close = find([bytes[index]], from: index + 1)
                else { return nil }
                index = close + 1
                names.append(name)
            }
        }

        private func starts(with text: StaticString) -> Bool {
            let prefix = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            return bytes.count - index >= prefix.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
        }

        private func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard let first = needle.first, start < bytes.count else { return nil }
            var position = start
            while position + needle.count <= bytes.count {
                guard let hit = bytes[position...].firstIndex(of: first), hit + needle.count <= bytes.count else {
                    return nil
                }
                if bytes[hit..<(hit + needle.count)].elementsEqual(needle) { return hit }
                position = hit + 1
            }
            return nil
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
        }
    }
}
