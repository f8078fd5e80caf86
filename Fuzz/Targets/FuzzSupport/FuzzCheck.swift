#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports a broken property of the code under test and aborts, so that libFuzzer saves the input as a
/// crash artifact. (`precondition` would trap too, but optimised builds drop its message.)
public func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if !condition { fail(message(), file: file, line: line) }
}

/// Reports a broken property and aborts; see ``require(_:_:file:line:)``.
public func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    let report = "fuzz property broken at \(file):\(line): \(message)\n"
    _ = report.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    abort()
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, copied into an array.
public func fuzzInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: start, count: count))
}
