extension WebAssets {
    /// The navigation page: the SDK's navigation UI elements, each with an id the script and the browser tests use.
    static let vehicleBody = #"""
        <canvas id="map" aria-label="map"></canvas>
        <header id="nav-header" class="hidden">
          <div id="header-primary">
            <span id="maneuver-icon" class="maneuver"></span>
            <div class="header-text">
              <div id="maneuver-distance"></div>
              <div id="maneuver-road"></div>
              <div id="maneuver-instruction"></div>
            </div>
          </div>
          <div id="header-secondary" class="hidden">
            <span class="then">Then</span><span id="then-icon" class="maneuver small"></span><span id="then-road"></span>
          </div>
        </header>
        <div id="alert-banner" class="hidden"></div>
        <div id="trip-progress" class="hidden" data-revision="0">
          <div id="progress-track"></div>
          <div id="progress-elapsed"></div>
          <div id="progress-traffic"></div>
          <div id="progress-stops"></div>
          <div id="progress-position"></div>
          <div id="progress-destination"></div>
        </div>
        <div id="speedometer" class="hidden" data-level="none">
          <div id="speed-limit-sign"><span id="speed-limit">–</span></div>
          <div id="speed-current-box"><span id="speed-current"></span><small id="speed-unit"></small></div>
        </div>
        <button id="compass" type="button" class="hidden" aria-label="compass"><span id="compass-needle">▲</span></button>
        <nav id="controls">
          <button id="recenter" type="button" class="hidden">Re-centre</button>
          <button id="my-location" type="button" class="hidden" aria-label="my location">◎</button>
          <button id="camera-toggle" type="button">Overview</button>
          <button id="directions-toggle" type="button">Directions</button>
          <button id="settings-toggle" type="button" aria-label="settings">⚙</button>
          <a href="/" id="fleet-link">Fleet</a>
        </nav>
        <section id="directions" class="hidden"><h2>Directions</h2><ol id="directions-list"></ol></section>
        <section id="settings" class="hidden"><h2>Settings</h2><div id="settings-list"></div></section>
        <footer id="nav-footer" class="hidden">
          <span id="footer-time"></span><span id="footer-distance"></span><span id="footer-eta"></span>
          <span id="footer-destination"></span>
        </footer>
        <div id="status">connecting…</div>
        """#

    /// The fleet page: one map with every vehicle, and a list to click through.
    static let fleetBody = #"""
        <canvas id="map" aria-label="fleet map"></canvas>
        <aside id="fleet-panel">
          <h1>Fleet <span id="fleet-count">0</span></h1>
          <input id="fleet-filter" type="search" placeholder="vehicle id">
          <ul id="fleet-list"></ul>
        </aside>
        <div id="fleet-tooltip" class="hidden"></div>
        <div id="status">connecting…</div>
        """#
}
