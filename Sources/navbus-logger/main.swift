#if canImport(Glibc)
    import Glibc
#endif
import NavCore
import NavBus
import NavService
import NavSinks

ServiceRunner(
    command: "navbus-logger", role: "logger",
    summary: "records bus messages as JSON Lines in rotating files (or on standard output)",
    usage: """
        navbus-logger [PREFIX...] [--topic PREFIX]... [--dir DIR | --stdout] [--max-bytes N]

        Each line is {"topic":...,"envelope":{...}} with the envelope exactly as received. Files are named
        navbus-YYYY-MM-DD-NNN.jsonl: a new file starts at each UTC day and before a file would pass --max-bytes;
        a restart continues with the next number, never appending to an old file.
        Durability: each batch of lines is written to the file within milliseconds of arrival, and the file is
        fsync'ed every second, so a crash of the logger loses only lines still queued and a crash of the machine
        loses at most the last second.
        Gaps: when recording every topic, a jump in a source's sequence (from one second after start, once the
        proxy's cache has replayed its old messages) adds a line
        {"topic":"navbus.logger.gap","gap":{"source":...,"lastSequence":...,"sequence":...,"missed":...,...}}.
        With a topic filter gaps are not detected (sequences count all topics of a source).
        The bus is never slowed: lines wait in a bounded queue (--queue) and are dropped when it is full,
        counted as "dropped" in the heartbeat.
        """,
    options: Endpoints.busOptions + [
        Option(
            "topic", help: "record topics starting with PREFIX (repeatable; default everything)",
            valueName: "PREFIX", repeats: true),
        Option("dir", variable: "NAVBUS_LOG_DIR", default: "navbus-logs", help: "directory for the log files",
            valueName: "DIR"),
        Option(
            "max-bytes", variable: "NAVBUS_LOG_MAX_BYTES", default: "64M",
            help: "rotate before a file passes this size (suffix K, M or G for 1024-based units)", valueName: "N"),
        Option.flag("stdout", help: "write the lines to standard output instead of files"),
        Option(
            "queue", default: "65536", help: "lines held between receiving and writing (and at most 64 MiB)",
            valueName: "N"),
    ]
).main { options, context in
    let maximumBytes = try ByteCount.parse(try options.require("max-bytes"), option: "max-bytes")
    guard let queueCapacity = try options.integer("queue"), queueCapacity > 0 else {
        throw UsageError("--queue must be a positive whole number")
    }
    let prefixes = options.positional + options.values("topic")
    let configuration = BusLogger.Configuration(
        subscriberEndpoint: try options.require("sub"), publisherEndpoint: try options.require("pub"),
        prefixes: prefixes, queueCapacity: queueCapacity)
    if options.flag("stdout") { return BusLogger(configuration: configuration, output: StandardOutputLog()) }
    let directory = try options.require("dir")
    let files = try RotatingLogFiles(directory: directory, maximumBytes: maximumBytes)
    // Past a file size limit (ulimit -f) a write must fail with EFBIG and be counted, not kill the logger.
    signal(SIGXFSZ, SIG_IGN)
    context.logger.info("writing to \(directory)")
    return BusLogger(configuration: configuration, output: files)
}
