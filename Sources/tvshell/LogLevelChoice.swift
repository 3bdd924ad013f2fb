import ArgumentParser
import Logging

/// `--log-level`: swift-log's levels by their names.
enum LogLevelChoice: String, ExpressibleByArgument, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}
