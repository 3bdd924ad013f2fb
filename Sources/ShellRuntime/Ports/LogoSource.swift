/// Loads channel logos off the run loop; each comes back as
/// `Action.logoLoaded`. `LogoLoader`. Called on the run-loop thread.
package protocol LogoSource: AnyObject {
    func load(_ location: String)
}
