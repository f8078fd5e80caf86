public import NavBus

extension BusProxy: Service {
    public func run(_ context: ServiceContext) throws {
        let logger = context.logger
        try run(stop: context.stop) { logger.info($0) }
        logger.info("forwarded \(counters.value("forwarded")) messages")
    }
}
