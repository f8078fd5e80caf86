import FuzzSupport
import NavBus

/// Feeds arbitrary bytes to the bus's JSON parser.
///
/// Besides "never trap", it checks that what the parser accepts is stable: the compact text written for a
/// parsed document parses again and is written identically, and the attribute scan the proxy uses accepts
/// exactly the objects the full parser accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(start, count)
    let scanned = try? JSONParser.scanObject(bytes, keys: ["id", "data"], present: ["time"])
    guard let document = try? JSONParser.parse(bytes) else {
        require(scanned == nil, "scanObject accepted a text that parse rejects")
        return 0
    }
    if case .object(let object) = document {
        require(scanned != nil, "scanObject rejected an object that parse accepts")
        require(scanned?[0] == object["id"], "scanObject read another 'id' than parse")
    } else {
        require(scanned == nil, "scanObject accepted a top level that is not an object")
    }
    let written = document.jsonText
    guard let reparsed = try? JSONParser.parse(written) else {
        fail("the text written for a parsed document does not parse: \(written.prefix(200))")
    }
    require(reparsed.jsonText == written, "writing a parsed document is not stable: \(written.prefix(200))")
    return 0
}
