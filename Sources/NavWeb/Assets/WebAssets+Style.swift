extension WebAssets {
    static let styleSheet = #"""
        :root { --primary: #1A73E8; --secondary: #185ABC; --header-text: #FFFFFF; --accent: #4285F4;
          --panel: rgba(255,255,255,0.94); --panel-text: #202124; --muted: #5f6368; --danger: #d93025; }
        body[data-theme="night"] { --panel: rgba(32,33,36,0.94); --panel-text: #e8eaed; --muted: #9aa0a6; }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; overflow: hidden; font: 16px/1.3 system-ui, sans-serif;
          color: var(--panel-text); background: #f1f3f4; }
        body[data-theme="night"] { background: #17181a; }
        #map { position: absolute; inset: 0; width: 100%; height: 100%; display: block; touch-action: none; }
        .hidden { display: none !important; }
        #nav-header { position: absolute; top: 8px; left: 8px; right: 8px; max-width: 560px; border-radius: 10px;
          overflow: hidden; box-shadow: 0 2px 8px rgba(0,0,0,.35); color: var(--header-text); z-index: 3; }
        #header-primary { display: flex; align-items: center; gap: 14px; padding: 12px 16px;
          background: var(--primary); }
        #header-secondary { display: flex; align-items: center; gap: 8px; padding: 6px 16px;
          background: var(--secondary); font-size: 15px; }
        #maneuver-distance { font-size: 28px; font-weight: 700; }
        #maneuver-road { font-size: 22px; font-weight: 600; }
        #maneuver-instruction { font-size: 14px; opacity: .9; }
        .maneuver svg { width: 56px; height: 56px; display: block; fill: currentColor; }
        .maneuver.small svg { width: 22px; height: 22px; }
        .then { opacity: .85; }
        #alert-banner { position: absolute; top: 8px; right: 8px; z-index: 5; padding: 8px 12px; border-radius: 8px;
          background: var(--danger); color: #fff; font-weight: 700; }
        #trip-progress { position: absolute; left: 16px; bottom: 210px; top: 170px; max-height: 400px; width: 12px;
          border-radius: 6px; z-index: 1; }
        #progress-track { position: absolute; inset: 0; border-radius: 6px; background: var(--accent);
          box-shadow: 0 0 0 2px #fff; }
        #progress-elapsed { position: absolute; left: 0; right: 0; bottom: 0; height: 0; border-radius: 6px;
          background: #9aa0a6; }
        #progress-traffic > div { position: absolute; left: 0; right: 0; }
        .traffic-slow { background: #f29900; } .traffic-jammed { background: #d93025; }
        .traffic-closed { background: #7f1d1d; }
        #progress-stops > div { position: absolute; left: -3px; width: 18px; height: 4px; background: #fff; }
        #progress-position { position: absolute; left: -6px; width: 24px; height: 24px; margin-bottom: -12px;
          border-radius: 50%; background: var(--accent); border: 3px solid #fff; bottom: 0; }
        #progress-destination { position: absolute; top: -10px; left: -5px; width: 22px; height: 10px;
          background: repeating-linear-gradient(90deg, #000 0 5px, #fff 5px 10px); border: 1px solid #000; }
        #speedometer { position: absolute; left: 8px; bottom: 72px; z-index: 2; display: flex; align-items: center;
          gap: 6px; padding: 6px; border-radius: 40px; background: var(--panel); box-shadow: 0 1px 6px rgba(0,0,0,.3); }
        #speed-limit-sign { width: 56px; height: 56px; border-radius: 50%; border: 6px solid #d93025;
          background: #fff; color: #000; display: flex; align-items: center; justify-content: center;
          font-weight: 800; font-size: 20px; }
        #speed-current-box { display: none; min-width: 56px; height: 56px; padding: 0 8px; border-radius: 28px;
          align-items: center; justify-content: center; font-weight: 800; font-size: 22px; }
        #speed-current-box small { font-size: 10px; font-weight: 600; margin-left: 2px; }
        #speedometer.speeding #speed-current-box { display: flex; }
        #speedometer.level-minor #speed-current-box { color: #d93025; }
        #speedometer.level-major #speed-current-box { color: #fff; background: #d93025; }
        #controls { position: absolute; right: 8px; bottom: 72px; z-index: 2; display: flex; flex-direction: column;
          gap: 6px; }
        #controls button, #controls a { font: inherit; font-size: 14px; padding: 8px 12px; border: 0; border-radius: 20px;
          background: var(--panel); color: var(--panel-text); box-shadow: 0 1px 4px rgba(0,0,0,.3); cursor: pointer;
          text-decoration: none; text-align: center; }
        #compass { position: absolute; right: 8px; top: 64px; z-index: 2; width: 44px; height: 44px; border: 0;
          border-radius: 50%; background: var(--panel); color: #d93025; box-shadow: 0 1px 4px rgba(0,0,0,.3);
          font-size: 18px; cursor: pointer; }
        #compass-needle { display: inline-block; }
        #directions, #settings { position: absolute; right: 8px; top: 8px; bottom: 200px; width: 340px; z-index: 4;
          overflow: auto; padding: 8px 14px; border-radius: 10px; background: var(--panel);
          box-shadow: 0 2px 8px rgba(0,0,0,.35); }
        #directions h2, #settings h2 { font-size: 16px; margin: 4px 0 8px; }
        #directions-list { margin: 0; padding-left: 0; list-style: none; }
        #directions-list li { display: flex; gap: 10px; align-items: center; padding: 6px 0;
          border-bottom: 1px solid rgba(128,128,128,.3); }
        #directions-list li.current { font-weight: 700; }
        #directions-list .maneuver svg { width: 26px; height: 26px; }
        #directions-list .distance { margin-left: auto; color: var(--muted); font-size: 13px; white-space: nowrap; }
        #settings label { display: block; padding: 4px 0; font-size: 14px; }
        #nav-footer { position: absolute; left: 0; right: 0; bottom: 0; z-index: 3; display: flex; gap: 18px;
          align-items: baseline; padding: 12px 18px; background: var(--panel); box-shadow: 0 -2px 8px rgba(0,0,0,.2); }
        #footer-time { font-size: 24px; font-weight: 700; color: #188038; }
        body[data-theme="night"] #footer-time { color: #81c995; }
        #footer-distance, #footer-eta { font-size: 18px; }
        #footer-destination { margin-left: auto; color: var(--muted); font-size: 14px; }
        #status { position: absolute; left: 50%; transform: translateX(-50%); bottom: 64px; z-index: 5; padding: 4px 10px;
          border-radius: 12px; background: rgba(0,0,0,.6); color: #fff; font-size: 12px; }
        #status.ok { display: none; }
        #fleet-panel { position: absolute; top: 8px; left: 8px; bottom: 8px; width: 280px; z-index: 2; display: flex;
          flex-direction: column; padding: 10px; border-radius: 10px; background: var(--panel);
          box-shadow: 0 2px 8px rgba(0,0,0,.3); }
        #fleet-panel h1 { font-size: 18px; margin: 0 0 8px; }
        #fleet-filter { font: inherit; padding: 6px 8px; margin-bottom: 6px; }
        #fleet-list { list-style: none; margin: 0; padding: 0; overflow: auto; font-size: 13px; }
        #fleet-list li { padding: 5px 4px; border-bottom: 1px solid rgba(128,128,128,.25); cursor: pointer; }
        #fleet-list li a { color: inherit; text-decoration: none; display: block; }
        #fleet-list .id { font-weight: 700; } #fleet-list .state { color: var(--muted); }
        #fleet-list .alert { color: var(--danger); font-weight: 700; }
        #fleet-tooltip { position: absolute; z-index: 3; pointer-events: none; padding: 6px 8px; border-radius: 6px;
          background: var(--panel); box-shadow: 0 1px 4px rgba(0,0,0,.4); font-size: 13px; }
        """#
}
