import ShellRuntime
import Testing

@Suite("XDG base directories")
struct XDGBaseTests {
    @Test("the defaults are under $HOME (a service's, a test's), not the account's; absolute XDG variables win, relative ones are ignored")
    func homeAndVariables() {
        let home = ["HOME": "/srv/tv"]
        #expect(XDGBase.config(home) == "/srv/tv/.config")
        #expect(XDGBase.data(home) == "/srv/tv/.local/share")
        #expect(XDGBase.state(home) == "/srv/tv/.local/state")
        #expect(XDGBase.cache(home) == "/srv/tv/.cache")
        let set = ["HOME": "/srv/tv", "XDG_CACHE_HOME": "/var/cache/tv", "XDG_CONFIG_HOME": "relative/config", "XDG_DATA_HOME": ""]
        #expect(XDGBase.cache(set) == "/var/cache/tv")
        #expect(XDGBase.config(set) == "/srv/tv/.config", "a relative path is ignored")
        #expect(XDGBase.data(set) == "/srv/tv/.local/share", "an empty one too")
        #expect(ShellConfigFile.defaultPath(environment: home) == "/srv/tv/.config/tvshell/config.toml")
        #expect(RecordingsSettings.defaultStatusDirectory(environment: home) == "/srv/tv/.local/state/tvshell/recordings")
    }
}
