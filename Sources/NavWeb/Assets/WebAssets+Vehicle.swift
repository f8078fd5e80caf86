extension WebAssets {
    /// Units, times and maneuver glyphs.
    static let formatScript = #"""
        "use strict";
        const IMPERIAL = new URLSearchParams(location.search).get("units") === "imperial";

        function formatDistance(metres) {
          if (metres === undefined || metres === null) return "";
          if (IMPERIAL) {
            const feet = metres * 3.28084;
            if (feet < 1000) return `${Math.round(feet / 10) * 10} ft`;
            const miles = metres / 1609.344;
            return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
          }
          if (metres < 100) return `${Math.max(0, Math.round(metres / 5) * 5)} m`;
          if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
          const km = metres / 1000;
          return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
        }

        function formatDuration(seconds) {
          if (seconds === undefined || seconds === null) return "";
          const minutes = Math.max(0, Math.round(seconds / 60));
          if (minutes < 1) return "< 1 min";
          if (minutes < 60) return `${minutes} min`;
          return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
        }

        function formatClock(iso) {
          if (!iso) return "";
          return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
        }

        function speedNumber(metresPerSecond) {
          return Math.round(metresPerSecond * (IMPERIAL ? 2.236936 : 3.6));
        }
        const SPEED_UNIT = IMPERIAL ? "mph" : "km/h";

        const TURN_ANGLE = { straight: 0, slightRight: 45, right: 90, sharpRight: 135, slightLeft: -45, left: -90,
          sharpLeft: -135 };

        /** An SVG glyph for a maneuver: an arrow bent towards its direction, a U-turn, a roundabout or a flag. */
        function maneuverIcon(maneuver) {
          const type = maneuver && maneuver.type, modifier = maneuver && maneuver.modifier;
          const svg = (body) => `<svg viewBox="0 0 48 48" aria-hidden="true">${body}</svg>`;
          if (type === "arrive") {
            return svg('<path d="M14 6h3v36h-3z"/><path d="M17 7h20l-5 7 5 7H17z"/>');
          }
          if (type === "uturn" || modifier === "uturn") {
            return svg('<path d="M30 42V18a8 8 0 0 0-16 0v10h-6l9 10 9-10h-6V18a2 2 0 0 1 4 0v24z"/>');
          }
          if (type === "roundabout" || type === "exitRoundabout") {
            const exit = maneuver.roundaboutExit ? `<text x="24" y="29" font-size="11" text-anchor="middle" fill="currentColor">${maneuver.roundaboutExit}</text>` : "";
            return svg(`<circle cx="24" cy="26" r="9" fill="none" stroke="currentColor" stroke-width="4"/>
              <path d="M22 44V35h4v9z"/><path d="M24 3l8 9h-6v6h-4v-6h-6z"/>${exit}`);
          }
          const angle = TURN_ANGLE[modifier] ?? 0;
          return svg(`<g transform="rotate(${angle} 24 30)"><path d="M24 4l11 12h-7v26h-8V16h-7z"/></g>`);
        }
        """#

    /// The navigation page: header, footer, speedometer, progress bar, directions, settings and the map camera.
    static let vehicleScript = #"""
        "use strict";
        const DEFAULTS = {
          navigationHeaderEnabled: true,
          navigationFooterEnabled: true,
          navigationTripProgressBarEnabled: true,
          shouldDisplaySpeedometer: true,
          showsDestinationMarkers: true,
          showsTrafficLights: false,
          showsStopSigns: false,
          compassButton: false,
          myLocationButton: false,
          recenterButtonEnabled: true,
          scrollGestures: true,
          zoomGestures: true,
        };
        const LABELS = {
          navigationHeaderEnabled: "Navigation header",
          navigationFooterEnabled: "Navigation footer",
          navigationTripProgressBarEnabled: "Trip progress bar",
          shouldDisplaySpeedometer: "Speedometer",
          showsDestinationMarkers: "Destination markers",
          showsTrafficLights: "Traffic lights",
          showsStopSigns: "Stop signs",
          compassButton: "Compass",
          myLocationButton: "My location button",
          recenterButtonEnabled: "Re-centre button",
          scrollGestures: "Drag to pan",
          zoomGestures: "Wheel to zoom",
        };
        const COLOUR_PARAMETERS = ["navigationHeaderPrimaryBackgroundColor", "navigationHeaderSecondaryBackgroundColor",
          "navigationHeaderPrimaryBackgroundColorNightMode", "navigationHeaderSecondaryBackgroundColorNightMode"];

        const vehicleId = decodeURIComponent(location.pathname.replace(/^\/vehicle\//, ""));
        const settings = readSettings(DEFAULTS);
        const $ = (id) => document.getElementById(id);
        const map = new NavMap($("map"));
        const state = { view: null, route: null, routePoints: [], waypoints: [], mode: "follow",
          glide: new Glide(), heading: 0, headingGlide: new Glide(), revision: 0, passed: 0 };
        document.title = `${vehicleId} · navbus`;

        function show(id, visible) { $(id).classList.toggle("hidden", !visible); }
        function setText(id, text) { const el = $(id); if (el.textContent !== text) el.textContent = text; }

        function applyTheme(view) {
          const lighting = view.lighting;
          const night = !!lighting && (lighting.mode === "lowLight" || lighting.theme.name === "night");
          document.body.dataset.theme = night ? "night" : "day";
          map.theme = night ? "night" : "day";
          const query = new URLSearchParams(location.search), root = document.documentElement.style;
          const pick = (name, fromTheme) => query.get(name + (night ? "NightMode" : "")) || fromTheme;
          if (lighting) {
            root.setProperty("--primary", pick("navigationHeaderPrimaryBackgroundColor", lighting.theme.primaryBackground));
            root.setProperty("--secondary", pick("navigationHeaderSecondaryBackgroundColor", lighting.theme.secondaryBackground));
            root.setProperty("--header-text", lighting.theme.text);
            root.setProperty("--accent", lighting.theme.accent);
          } else {
            for (const name of COLOUR_PARAMETERS.slice(0, 2)) {
              const value = query.get(name);
              if (value) root.setProperty(name.includes("Primary") ? "--primary" : "--secondary", value);
            }
          }
        }

        function renderHeader(view) {
          const header = view.header;
          show("nav-header", settings.navigationHeaderEnabled && !!header);
          if (!header) return;
          $("maneuver-icon").innerHTML = maneuverIcon(header.maneuver);
          setText("maneuver-distance", formatDistance(header.distanceMeters));
          setText("maneuver-road", header.roadName || "");
          setText("maneuver-instruction", header.instruction);
          show("header-secondary", !!header.then);
          if (header.then) {
            $("then-icon").innerHTML = maneuverIcon(header.then.maneuver);
            setText("then-road", header.then.roadName || header.then.instruction);
          }
        }

        function renderFooter(view) {
          const footer = view.footer;
          show("nav-footer", settings.navigationFooterEnabled && !!footer);
          if (!footer) return;
          setText("footer-time", formatDuration(footer.remainingSeconds));
          setText("footer-distance", formatDistance(footer.remainingMeters));
          setText("footer-eta", footer.arrival ? `arrive ${formatClock(footer.arrival)}` : "");
          setText("footer-destination", footer.destination ? `to ${footer.destination}` : "");
        }

        function renderSpeedometer(view) {
          const meter = view.speedometer, el = $("speedometer");
          show("speedometer", settings.shouldDisplaySpeedometer && !!meter);
          if (!meter) return;
          setText("speed-limit", meter.speedLimit === undefined ? "–" : String(speedNumber(meter.speedLimit)));
          setText("speed-current", String(speedNumber(meter.speed)));
          setText("speed-unit", SPEED_UNIT);
          el.classList.toggle("speeding", meter.speeding);
          el.classList.toggle("level-minor", meter.level === "minor");
          el.classList.toggle("level-major", meter.level === "major");
          el.dataset.level = meter.level;
          const alert = meter.alert;
          show("alert-banner", alert === "minor" || alert === "major");
          setText("alert-banner", alert === "major" ? "Slow down: far above the limit" : "Above the speed limit");
        }

        function renderProgress(view) {
          const progress = view.progress, bar = $("trip-progress");
          show("trip-progress", settings.navigationTripProgressBarEnabled && !!progress);
          if (!progress) return;
          bar.dataset.revision = String(progress.revision);
          bar.dataset.fraction = progress.fraction.toFixed(4);
          const percent = (f) => `${(Math.min(1, Math.max(0, f)) * 100).toFixed(2)}%`;
          $("progress-elapsed").style.height = percent(progress.fraction);
          $("progress-position").style.bottom = percent(progress.fraction);
          $("progress-traffic").innerHTML = progress.traffic.map((s) =>
            `<div class="traffic-${s.level}" style="bottom:${percent(s.start)};height:${percent(s.end - s.start)}"></div>`).join("");
          $("progress-stops").innerHTML = progress.stops.map((f) => `<div style="bottom:${percent(f)}"></div>`).join("");
        }

        function renderDirections(view) {
          const items = view.directions.map((step, i) =>
            `<li class="${i === 0 ? "current" : ""}"><span class="maneuver">${maneuverIcon(step.maneuver)}</span>` +
            `<span class="instruction"></span><span class="distance">${formatDistance(step.distanceMeters)}</span></li>`);
          const list = $("directions-list");
          list.innerHTML = items.join("");
          // Instructions and road names come from the map: set them as text, never as markup.
          view.directions.forEach((step, i) => { list.children[i].querySelector(".instruction").textContent = step.instruction; });
        }

        function onView(view) {
          state.view = view;
          applyTheme(view);
          renderHeader(view);
          renderFooter(view);
          renderSpeedometer(view);
          renderProgress(view);
          if (!$("directions").classList.contains("hidden")) renderDirections(view);
          if (view.position && map.origin) {
            const now = performance.now(), here = map.project(view.position.longitude, view.position.latitude);
            state.glide.set(here, now, 1000);
            if (view.position.onRoute) state.passed = passedIndex(here);
            if (view.position.course !== undefined) {
              state.heading = unwrapHeading(state.heading, view.position.course);
              state.headingGlide.set([state.heading], now, 600);
            }
          }
          const stats = window.navbusStats;
          stats.views += 1;
          stats.lastViewAt = Date.now();
          // What the driver sees after each update, stamped, for the browser tests and the benchmark.
          stats.shown.push([stats.lastViewAt, $("maneuver-instruction").textContent, $("maneuver-road").textContent,
            $("footer-distance").textContent, $("speedometer").dataset.level, $("speed-limit").textContent]);
          if (stats.shown.length > 4000) stats.shown.splice(0, 1000);
        }

        /** The last route position behind the vehicle: the nearest one, searched a little back and well ahead
            of the last answer, since the vehicle only moves on. */
        function passedIndex(here) {
          const points = state.routePoints;
          let best = state.passed, bestDistance = Infinity;
          for (let i = Math.max(0, state.passed - 5); i < Math.min(points.length, state.passed + 400); i++) {
            const d = Math.hypot(points[i][0] - here[0], points[i][1] - here[1]);
            if (d < bestDistance) { best = i; bestDistance = d; }
          }
          return best;
        }

        function onRoute(route) {
          state.route = route;
          if (route.coordinates.length) map.setOrigin(route.coordinates[0][0], route.coordinates[0][1]);
          state.routePoints = route.coordinates.map((c) => map.project(c[0], c[1]));
          state.waypoints = route.waypoints.map((w) => ({ ...w, point: map.project(w.longitude, w.latitude) }));
          if (route.revision !== state.revision) state.passed = 0;
          if (route.revision !== state.revision && state.mode === "overview") overview();
          state.revision = route.revision;
        }

        function overview() {
          const here = state.glide.at(performance.now());
          const points = here ? [...state.routePoints, here] : state.routePoints;
          if (!points.length) { map.fitAll(); return; }
          const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
          map.fit(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), 90);
        }

        function frame() {
          const now = performance.now();
          const here = state.glide.at(now);
          if (state.mode === "follow" && here) {
            const heading = state.headingGlide.at(now);
            map.camera = { x: here[0], y: here[1], scale: map.camera.scale > 0.3 ? map.camera.scale : 1.6,
              rotation: -(heading ? heading[0] : 0) * RAD, focus: 0.66 };
          }
          map.drawBase(false);
          map.drawRoute(state.routePoints, state.route && state.route.traffic, state.passed);
          window.navbusStats.signsDrawn = map.drawSigns(settings.showsTrafficLights, settings.showsStopSigns);
          if (settings.showsDestinationMarkers) {
            for (const w of state.waypoints) map.drawMarker(w.point, w.waypointIndex + 1, w.isFinalDestination);
          }
          if (here) {
            const heading = state.headingGlide.at(now);
            const off = state.view && state.view.position && !state.view.position.onRoute;
            map.drawVehicle(here, heading ? heading[0] : 0, off ? "#9aa0a6" : "#1a73e8", 15);
          }
          if (settings.compassButton) $("compass-needle").style.transform = `rotate(${map.camera.rotation}rad)`;
          window.navbusStats.frames += 1;
          requestAnimationFrame(frame);
        }

        function setMode(mode) {
          state.mode = mode;
          $("camera-toggle").textContent = mode === "follow" ? "Overview" : "Follow";
          if (mode === "overview") overview(); else if (mode === "follow") map.camera.scale = 1.6;
          renderControls();
        }

        /** The map controls the settings ask for: the re-centre button only after the driver moved the map away. */
        function renderControls() {
          show("recenter", settings.recenterButtonEnabled && state.mode === "free");
          show("my-location", settings.myLocationButton);
          show("compass", settings.compassButton);
          $("compass-needle").style.transform = `rotate(${map.camera.rotation}rad)`;
        }

        function buildSettings() {
          const box = $("settings-list");
          for (const name of Object.keys(DEFAULTS)) {
            const label = document.createElement("label"), input = document.createElement("input");
            input.type = "checkbox"; input.checked = settings[name]; input.id = `setting-${name}`;
            input.addEventListener("change", () => {
              settings[name] = input.checked;
              const query = new URLSearchParams(location.search);
              if (input.checked === DEFAULTS[name]) query.delete(name); else query.set(name, String(input.checked));
              history.replaceState(null, "", `${location.pathname}${query.toString() ? "?" + query : ""}`);
              if (state.view) onView(state.view);
              renderControls();
            });
            label.append(input, ` ${LABELS[name]} (${name})`);
            box.append(label);
          }
        }

        function connect() {
          const events = new EventSource(`/events?vehicle=${encodeURIComponent(vehicleId)}`);
          events.addEventListener("view", (e) => onView(JSON.parse(e.data)));
          events.addEventListener("route", (e) => onRoute(JSON.parse(e.data)));
          events.onopen = () => setStatus("live", true);
          events.onerror = () => setStatus("reconnecting…", false);
        }

        $("camera-toggle").addEventListener("click", () => setMode(state.mode === "follow" ? "overview" : "follow"));
        $("directions-toggle").addEventListener("click", () => {
          $("settings").classList.add("hidden");
          $("directions").classList.toggle("hidden");
          if (state.view) renderDirections(state.view);
        });
        $("settings-toggle").addEventListener("click", () => {
          $("directions").classList.add("hidden");
          $("settings").classList.toggle("hidden");
        });
        // As in the SDK: the compass switches between the follow (heading-up) and the overview camera; the
        // re-centre and my-location buttons follow the vehicle again.
        $("compass").addEventListener("click", () => setMode(state.mode === "follow" ? "overview" : "follow"));
        $("recenter").addEventListener("click", () => setMode("follow"));
        $("my-location").addEventListener("click", () => setMode("follow"));
        let drag = null;
        map.canvas.addEventListener("pointerdown", (e) => { if (settings.scrollGestures) drag = [e.clientX, e.clientY]; });
        window.addEventListener("pointerup", () => { drag = null; });
        map.canvas.addEventListener("pointermove", (e) => {
          if (!drag) return;
          if (state.mode === "follow") setMode("free");
          const a = map.fromScreen(drag[0], drag[1]), b = map.fromScreen(e.clientX, e.clientY);
          map.camera.x += a[0] - b[0]; map.camera.y += a[1] - b[1];
          drag = [e.clientX, e.clientY];
        });
        map.canvas.addEventListener("wheel", (e) => {
          e.preventDefault();
          if (!settings.zoomGestures) return;
          map.camera.scale = Math.min(20, Math.max(0.02, map.camera.scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2)));
        }, { passive: false });

        buildSettings();
        renderControls();
        loadRoads(map).then(() => { if (state.mode !== "follow") overview(); });
        connect();
        requestAnimationFrame(frame);
        """#
}
