@testable import ShellRuntime
import Testing

@Suite("[up_next] in config.toml")
struct UpNextConfigTests {
    @Test("still_watching: a number of items from 0 to 50; anything else is a problem at its line, and the default stays")
    func stillWatching() {
        #expect(ShellConfigFile.parse("[up_next]\nstill_watching = 0", path: "c.toml").stillWatching == 0)
        #expect(ShellConfigFile.parse("[up_next]\nstill_watching = 4\ncountdown = 5", path: "c.toml").stillWatching == 4)
        for text in ["still_watching = -1", "still_watching = 51", "still_watching = \"3\"", "still_watching = 2.5"] {
            let config = ShellConfigFile.parse("[up_next]\n" + text, path: "c.toml")
            #expect(config.stillWatching == nil && config.problems.map(\.description)
                    == ["c.toml:2: up_next.still_watching: expected a number of items from 0 (never asks) to 50"], "\(config.problems)")
        }
        #expect(ShellConfigFile.parse("[up_next]\nstill = 3", path: "c.toml").problems.map(\.description)
                == ["c.toml:2: up_next.still: unknown setting; expected enabled, countdown or still_watching"])
    }
}
