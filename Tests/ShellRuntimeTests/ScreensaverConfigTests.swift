@testable import ShellRuntime
import Testing

@Suite("The screen saver's wait ([sleep] screensaver)")
struct ScreensaverConfigTests {
    @Test("ten minutes unless set; seconds or a duration from 10 s to a day; false, 0 or \"off\" for none; anything else a problem at its line, the default kept")
    func parses() {
        #expect(ShellConfigFile.parse("", path: "c.toml").screensaver == 600)
        #expect(ShellConfigFile.parse("[sleep]\nscreensaver = 300", path: "c.toml").screensaver == 300)
        #expect(ShellConfigFile.parse("[sleep]\nscreensaver = \"30m\"", path: "c.toml").screensaver == 1800)
        for off in ["false", "0", "\"off\""] {
            let config = ShellConfigFile.parse("[sleep]\nscreensaver = \(off)", path: "c.toml")
            #expect(config.screensaver == nil && config.problems.isEmpty, "\(off)")
        }
        for bad in ["5", "\"soon\"", "true", "100000"] {
            let config = ShellConfigFile.parse("[sleep]\nscreensaver = \(bad)", path: "c.toml")
            #expect(config.screensaver == 600, "\(bad)")
            #expect(config.problems.map(\.description)
                == ["c.toml:2: sleep.screensaver: expected seconds from 10 to 86400, a duration such as \"10m\", or false (off)"], "\(bad)")
        }
        #expect(ShellConfigFile.parse("[sleep]\nnap = 1", path: "c.toml").problems.map(\.description)
            == ["c.toml:2: sleep.nap: unknown setting; expected daily, screensaver or idle"])
    }

    @Test("the idle sleep ([sleep] idle): an hour unless set; seconds or a duration; false for never; a bad value a problem, the default kept")
    func idle() {
        #expect(ShellConfigFile.parse("", path: "c.toml").idleSleep == 3600)
        #expect(ShellConfigFile.parse("[sleep]\nidle = \"5h\"", path: "c.toml").idleSleep == 18_000)
        #expect(ShellConfigFile.parse("[sleep]\nidle = false", path: "c.toml").idleSleep == nil)
        let bad = ShellConfigFile.parse("[sleep]\nidle = \"later\"", path: "c.toml")
        #expect(bad.idleSleep == 3600 && bad.problems.map(\.description)
            == ["c.toml:2: sleep.idle: expected seconds from 10 to 86400, a duration such as \"1h\", or false (off)"])
    }
}
