extension WebAssets {
    /// The vector map on a canvas: the road network from `/map.json` as one `Path2D` per drawing class in local
    /// metres, drawn through the camera's transform, with overlays (route, markers, signs, vehicles) in screen space.
    static let mapScript = #"""
        "use strict";
        const EARTH = 6371008.8, RAD = Math.PI / 180;
        const PALETTES = {
          day: { ground: "#f1f3f4", roads: ["#f6b26b", "#ffffff", "#ffffff", "#f8f9fa", "#c8e6c9", "#7fb3d5"],
                 casing: ["#e37400", "#c4c7c5", "#d2d4d6", "#dadce0", null, null],
                 free: "#4285F4", slow: "#f29900", jammed: "#d93025", closed: "#7f1d1d", routeCasing: "#1a56b8" },
          night: { ground: "#202124", roads: ["#8a6d3b", "#5f6368", "#4a4d51", "#3c4043", "#2f4a34", "#2b4f6e"],
                   casing: [null, null, null, null, null, null],
                   free: "#8AB4F8", slow: "#fbbc04", jammed: "#f28b82", closed: "#c5221f", routeCasing: "#174ea6" },
        };
        const ROAD_WIDTH = [7, 5.5, 3.5, 2, 1.2, 1.5];   // pixels at 1 px per metre, scaled down when zoomed out
        const ROAD_MIN_SCALE = [0, 0, 0.25, 0.6, 1.2, 0.1]; // hide thin roads when zoomed far out

        class NavMap {
          constructor(canvas) {
            this.canvas = canvas;
            this.ctx = canvas.getContext("2d");
            this.origin = null;          // [lon0, lat0, cos(lat0)]
            this.paths = [];             // Path2D per drawing class
            this.signals = [];           // [x, y] in metres
            this.stops = [];
            this.bounds = null;          // {minX, minY, maxX, maxY} in metres
            this.camera = { x: 0, y: 0, scale: 1, rotation: 0 };
            this.theme = "day";
            this.base = null;            // cached road layer when the camera stands still
            this.baseKey = "";
            this.resize();
            window.addEventListener("resize", () => this.resize());
          }

          resize() {
            const ratio = window.devicePixelRatio || 1;
            this.ratio = ratio;
            this.width = this.canvas.clientWidth || window.innerWidth;
            this.height = this.canvas.clientHeight || window.innerHeight;
            this.canvas.width = Math.round(this.width * ratio);
            this.canvas.height = Math.round(this.height * ratio);
            this.baseKey = "";
          }

          setOrigin(lon, lat) {
            if (!this.origin) this.origin = [lon, lat, Math.cos(lat * RAD)];
          }

          project(lon, lat) {
            const o = this.origin;
            return [(lon - o[0]) * RAD * EARTH * o[2], (lat - o[1]) * RAD * EARTH];
          }

          /** Decodes /map.json: delta-coded integer polylines per drawing class. */
          setRoads(doc) {
            const s = doc.scale, b = doc.bounds;
            // Keeps an origin a route already set, so what is projected stays where it is.
            this.setOrigin((b[1] + b[3]) / 2 / s, (b[0] + b[2]) / 2 / s);
            const sw = this.project(b[1] / s, b[0] / s), ne = this.project(b[3] / s, b[2] / s);
            this.bounds = { minX: sw[0], minY: sw[1], maxX: ne[0], maxY: ne[1] };
            this.paths = ROAD_WIDTH.map(() => new Path2D());
            for (const road of doc.roads) {
              const path = this.paths[road[0]] || this.paths[2];
              let x = 0, y = 0;
              for (let i = 1; i + 1 < road.length; i += 2) {
                x += road[i]; y += road[i + 1];
                const p = this.project(x / s, y / s);
                if (i === 1) path.moveTo(p[0], -p[1]); else path.lineTo(p[0], -p[1]);
              }
            }
            const points = (list) => {
              const out = [];
              for (let i = 0; i + 1 < list.length; i += 2) out.push(this.project(list[i] / s, list[i + 1] / s));
              return out;
            };
            this.signals = points(doc.trafficSignals || []);
            this.stops = points(doc.stopSigns || []);
            this.baseKey = "";
          }

          /** Screen position (CSS pixels) of a point in metres. */
          toScreen(p) {
            const c = this.camera, dx = p[0] - c.x, dy = -(p[1] - c.y);
            const cos = Math.cos(c.rotation), sin = Math.sin(c.rotation);
            return [this.width / 2 + (dx * cos - dy * sin) * c.scale,
                    this.focusY() + (dx * sin + dy * cos) * c.scale];
          }

          /** Point in metres under a screen position. */
          fromScreen(sx, sy) {
            const c = this.camera, dx = (sx - this.width / 2) / c.scale, dy = (sy - this.focusY()) / c.scale;
            const cos = Math.cos(-c.rotation), sin = Math.sin(-c.rotation);
            return [c.x + dx * cos - dy * sin, c.y - (dx * sin + dy * cos)];
          }

          focusY() { return this.height * (this.camera.focus || 0.5); }

          /** Fits a box (metres) into the view right of `insetLeft` pixels (a side panel), north up. */
          fit(minX, minY, maxX, maxY, padding) {
            const pad = padding || 60, inset = this.insetLeft || 0;
            const w = Math.max(maxX - minX, 50), h = Math.max(maxY - minY, 50);
            const scale = Math.min((this.width - inset - 2 * pad) / w, (this.height - 2 * pad) / h);
            this.camera = { x: (minX + maxX) / 2 - inset / 2 / scale, y: (minY + maxY) / 2, rotation: 0, focus: 0.5,
              scale: scale };
          }

          fitAll() {
            if (this.bounds) this.fit(this.bounds.minX, this.bounds.minY, this.bounds.maxX, this.bounds.maxY, 20);
          }

          palette() { return PALETTES[this.theme] || PALETTES.day; }

          applyCamera(ctx) {
            const c = this.camera, r = this.ratio, cos = Math.cos(c.rotation), sin = Math.sin(c.rotation);
            const k = c.scale * r;
            // Screen = R(rotation) * scale * (x - cx, -(y - cy)) + (w/2, focus); the paths hold -y already.
            ctx.setTransform(k * cos, k * sin, -k * sin, k * cos,
              r * (this.width / 2) - k * (cos * c.x + sin * c.y),
              r * this.focusY() - k * (sin * c.x - cos * c.y));
          }

          drawRoads(ctx) {
            const pal = this.palette(), scale = this.camera.scale;
            ctx.fillStyle = pal.ground;
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
            if (!this.paths.length) return;
            this.applyCamera(ctx);
            ctx.lineCap = "round"; ctx.lineJoin = "round";
            const widthFor = (i) => Math.max(0.7, ROAD_WIDTH[i] * Math.min(1, Math.sqrt(scale))) / scale;
            const order = [4, 3, 2, 1, 5, 0];
            for (const i of order) {
              if (scale < ROAD_MIN_SCALE[i] || !pal.casing[i]) continue;
              ctx.strokeStyle = pal.casing[i]; ctx.lineWidth = widthFor(i) + 1.5 / scale;
              ctx.stroke(this.paths[i]);
            }
            for (const i of order) {
              if (scale < ROAD_MIN_SCALE[i]) continue;
              ctx.strokeStyle = pal.roads[i]; ctx.lineWidth = widthFor(i);
              if (i === 5) ctx.setLineDash([6 / scale, 6 / scale]);
              ctx.stroke(this.paths[i]);
              ctx.setLineDash([]);
            }
            ctx.setTransform(1, 0, 0, 1, 0, 0);
          }

          /** Draws the road layer, from a cached copy while the camera does not move (the fleet view). */
          drawBase(cache) {
            const ctx = this.ctx;
            if (!cache) { this.drawRoads(ctx); return; }
            const c = this.camera;
            const key = [c.x, c.y, c.scale, c.rotation, this.theme, this.canvas.width, this.canvas.height,
              this.paths.length].join();
            if (key !== this.baseKey) {
              if (!this.base) this.base = document.createElement("canvas");
              this.base.width = this.canvas.width; this.base.height = this.canvas.height;
              this.drawRoads(this.base.getContext("2d"));
              this.baseKey = key;
            }
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            ctx.drawImage(this.base, 0, 0);
          }

          /** The route: casing, the part already driven (before `passed`) grey, then each traffic run ahead in its
              colour. points are [x, y] metres. */
          drawRoute(points, runs, passed) {
            if (!points || points.length < 2) return;
            const ctx = this.ctx, pal = this.palette();
            ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
            ctx.lineCap = "round"; ctx.lineJoin = "round";
            const screen = points.map((p) => this.toScreen(p));
            const stroke = (from, to, colour, width) => {
              ctx.beginPath();
              ctx.moveTo(screen[from][0], screen[from][1]);
              for (let i = from + 1; i <= to && i < screen.length; i++) ctx.lineTo(screen[i][0], screen[i][1]);
              ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.stroke();
            };
            const behind = Math.max(0, Math.min(passed || 0, screen.length - 1));
            if (behind > 0) stroke(0, behind, "#9aa0a6", 6);
            stroke(behind, screen.length - 1, pal.routeCasing, 9);
            const list = runs && runs.length ? runs : [{ from: 0, to: screen.length - 1, level: "free" }];
            for (const run of list) {
              if (run.to > behind) stroke(Math.max(run.from, behind), run.to, pal[run.level] || pal.free, 6);
            }
          }

          /** Traffic lights and stop signs near the view, when zoomed in enough to tell them apart. */
          drawSigns(showLights, showStops) {
            let drawn = 0;
            if (this.camera.scale < 0.5) return drawn;
            const ctx = this.ctx, w = this.width, h = this.height;
            ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
            const visible = (p) => p[0] > -20 && p[1] > -20 && p[0] < w + 20 && p[1] < h + 20;
            if (showLights) {
              for (const node of this.signals) {
                const p = this.toScreen(node);
                if (!visible(p)) continue;
                drawn += 1;
                ctx.fillStyle = "#202124"; ctx.fillRect(p[0] - 4, p[1] - 10, 8, 20);
                ["#ea4335", "#fbbc04", "#34a853"].forEach((colour, i) => {
                  ctx.beginPath(); ctx.arc(p[0], p[1] - 6 + i * 6, 2.2, 0, 2 * Math.PI);
                  ctx.fillStyle = colour; ctx.fill();
                });
              }
            }
            if (showStops) {
              for (const node of this.stops) {
                const p = this.toScreen(node);
                if (!visible(p)) continue;
                drawn += 1;
                ctx.beginPath();
                for (let i = 0; i < 8; i++) {
                  const a = Math.PI / 8 + i * Math.PI / 4;
                  ctx.lineTo(p[0] + 8 * Math.cos(a), p[1] + 8 * Math.sin(a));
                }
                ctx.closePath(); ctx.fillStyle = "#c5221f"; ctx.fill();
                ctx.strokeStyle = "#fff"; ctx.lineWidth = 1.2; ctx.stroke();
              }
            }
            return drawn;
          }

          /** A numbered waypoint pin; the final destination is chequered. */
          drawMarker(point, label, final) {
            const ctx = this.ctx, p = this.toScreen(point);
            ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
            ctx.beginPath();
            ctx.moveTo(p[0], p[1]);
            ctx.bezierCurveTo(p[0] - 12, p[1] - 16, p[0] - 12, p[1] - 32, p[0], p[1] - 32);
            ctx.bezierCurveTo(p[0] + 12, p[1] - 32, p[0] + 12, p[1] - 16, p[0], p[1]);
            ctx.fillStyle = final ? "#d93025" : "#1a73e8"; ctx.fill();
            ctx.strokeStyle = "#fff"; ctx.lineWidth = 2; ctx.stroke();
            ctx.fillStyle = "#fff"; ctx.font = "bold 12px system-ui, sans-serif";
            ctx.textAlign = "center"; ctx.textBaseline = "middle";
            ctx.fillText(final ? "⚑" : String(label), p[0], p[1] - 21);
          }

          /** The vehicle: an arrow along its heading (degrees from north) in screen space. */
          drawVehicle(point, heading, colour, size) {
            const ctx = this.ctx, p = this.toScreen(point), s = size || 14;
            const a = (heading || 0) * RAD + this.camera.rotation;
            ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
            ctx.save(); ctx.translate(p[0], p[1]); ctx.rotate(a);
            ctx.beginPath(); ctx.moveTo(0, -s); ctx.lineTo(s * 0.75, s * 0.8); ctx.lineTo(0, s * 0.4);
            ctx.lineTo(-s * 0.75, s * 0.8); ctx.closePath();
            ctx.fillStyle = colour || "#1a73e8"; ctx.fill();
            ctx.strokeStyle = "#fff"; ctx.lineWidth = 2.5; ctx.stroke();
            ctx.restore();
          }
        }

        /** Moves a value smoothly from where it was to a new target over `duration` ms. */
        class Glide {
          constructor() { this.from = null; this.to = null; this.start = 0; this.duration = 1000; }
          set(target, now, duration) {
            this.from = this.to ? this.at(now) : target;
            this.to = target; this.start = now; this.duration = duration || 1000;
          }
          at(now) {
            if (!this.to) return null;
            const t = Math.min(1, (now - this.start) / this.duration);
            return this.from.map((v, i) => v + (this.to[i] - v) * t);
          }
        }

        /** Shortest turn between two headings, for gliding the heading. */
        function unwrapHeading(from, to) {
          let d = ((to - from) % 360 + 540) % 360 - 180;
          return from + d;
        }

        /** The settings from the query string, with the SDK's names and defaults. */
        function readSettings(defaults) {
          const query = new URLSearchParams(location.search), settings = {};
          for (const [name, fallback] of Object.entries(defaults)) {
            const raw = query.get(name);
            settings[name] = raw === null ? fallback : !(raw === "false" || raw === "0" || raw === "no");
          }
          return settings;
        }

        function setStatus(text, ok) {
          const el = document.getElementById("status");
          el.textContent = text; el.classList.toggle("ok", !!ok);
        }

        async function loadRoads(map) {
          try {
            const response = await fetch("/map.json");
            if (response.ok) map.setRoads(await response.json());
          } catch (error) { console.warn("no road network", error); }
        }

        window.navbusStats = { frames: 0, views: 0, lastViewAt: 0, signsDrawn: 0, shown: [] };
        """#
}
