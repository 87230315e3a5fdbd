"""The viewer's stylesheet and script, inlined into every page (no file, no network).

The script draws the table from the hand data (:func:`mjsim.view.model.hand_model`) in the
``<script type="application/json">`` element of its root: one root per viewer, so several
viewers (notebook cells) live on one page. In play mode (``mjsim play``) it asks the local
server for the table and sends the person's actions.
"""

from __future__ import annotations

CSS = r"""
.mjv{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif;
 background:#1e5b3c;color:#f3f1e7;border-radius:10px;padding:10px;max-width:1360px;box-sizing:border-box;
 font-size:13px;line-height:1.35}
.mjv *{box-sizing:border-box}
.mjv .mjv-top{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:baseline;margin:0 2px 8px}
.mjv .mjv-title{font-size:16px;font-weight:700}
.mjv .mjv-sub{opacity:.8}
.mjv .mjv-table{display:grid;grid-template-columns:minmax(0,1fr) minmax(170px,210px) minmax(0,1fr);
 grid-template-areas:"top top top" "left center right" "bottom bottom bottom";gap:8px}
.mjv .pos-top{grid-area:top}.mjv .pos-left{grid-area:left}.mjv .pos-right{grid-area:right}
.mjv .pos-bottom{grid-area:bottom}.mjv .mjv-center{grid-area:center}
.mjv .seat{background:rgba(0,0,0,.18);border:2px solid transparent;border-radius:8px;padding:6px 8px;min-height:60px}
.mjv .seat.toact{border-color:#f5c542;box-shadow:0 0 0 1px #f5c542 inset}
.mjv .seat.won{background:rgba(180,40,30,.28)}
.mjv .seat .head{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:center;margin-bottom:4px}
.mjv .seat .name{font-weight:700}
.mjv .badge{display:inline-block;border-radius:4px;padding:0 5px;font-size:12px;background:rgba(255,255,255,.14)}
.mjv .badge.dealer{background:#b5862b;color:#fff}
.mjv .badge.ready{background:#2b6cb5;color:#fff}
.mjv .badge.won{background:#c0281e;color:#fff}
.mjv .badge.void{background:#6b4aa5;color:#fff}
.mjv .score{margin-left:auto;font-variant-numeric:tabular-nums;font-weight:700}
.mjv .row{display:flex;flex-wrap:wrap;align-items:flex-end;gap:2px;margin:3px 0;min-height:4px}
.mjv .lbl{font-size:11px;opacity:.7;margin-right:4px;align-self:center}
.mjv .tile{display:inline-block;width:30px;height:40px;position:relative;flex:none;filter:drop-shadow(0 1px 0 rgba(0,0,0,.35))}
.mjv .tile svg{width:100%;height:100%;display:block}
.mjv .hand .tile{width:32px;height:43px}
.mjv .hand .gap{width:10px}
.mjv .pos-left .hand .tile,.mjv .pos-right .hand .tile{width:26px;height:35px}
.mjv .river .tile{width:23px;height:31px}
.mjv .meld .tile,.mjv .flowers .tile{width:24px;height:32px}
.mjv .mjv-center .tile{width:26px;height:35px}
.mjv .tile.side{transform:rotate(90deg);margin:0 5px}
.mjv .tile.wild{outline:2px solid #f5c542;outline-offset:-1px;border-radius:4px}
.mjv .tile.claimed{opacity:.38}
.mjv .tile.wonon{outline:2px solid #ff5a4e;outline-offset:-1px;border-radius:4px}
.mjv .tile.last{outline:2px solid #7fd3ff;outline-offset:-1px;border-radius:4px}
.mjv .tile.act{cursor:pointer}
.mjv .tile.act:hover{transform:translateY(-4px)}
.mjv .meld{display:inline-flex;align-items:flex-end;gap:1px;padding:2px 3px;margin-right:6px;border-radius:5px;background:rgba(255,255,255,.08)}
.mjv .meld small{font-size:10px;opacity:.75;margin-left:3px;align-self:center;white-space:nowrap}
.mjv .backs{font-size:11px;opacity:.8;margin-left:4px;align-self:center}
.mjv .mjv-center{background:rgba(0,0,0,.25);border-radius:8px;padding:8px;display:flex;flex-direction:column;gap:5px;align-self:stretch;justify-content:center}
.mjv .mjv-center .big{font-size:15px;font-weight:700}
.mjv .mjv-center .line{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.mjv .mjv-controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:10px 2px 4px}
.mjv button{background:#f3f1e7;color:#1e3d2c;border:0;border-radius:5px;padding:4px 9px;font-size:13px;cursor:pointer;font-weight:600}
.mjv button:hover{background:#fff}
.mjv button:disabled{opacity:.45;cursor:default}
.mjv button.primary{background:#f5c542}
.mjv select{font-size:13px;border-radius:5px;padding:3px}
.mjv input[type=range]{flex:1;min-width:200px}
.mjv .mjv-pos{font-variant-numeric:tabular-nums;min-width:90px}
.mjv .mjv-caption{margin:4px 2px;font-size:14px;min-height:20px}
.mjv .mjv-caption b{color:#f5c542}
.mjv .mjv-log{position:relative;max-height:170px;overflow:auto;background:rgba(0,0,0,.2);border-radius:6px;padding:4px 6px;margin-top:6px;font-size:12px}
.mjv .mjv-log div{padding:1px 4px;border-radius:3px;cursor:pointer;white-space:nowrap}
.mjv .mjv-log div.cur{background:#f5c542;color:#1e3d2c}
.mjv .mjv-log div.future{opacity:.45}
.mjv .mjv-result{background:#f3f1e7;color:#1b1b2f;border-radius:8px;padding:8px 10px;margin-top:8px}
.mjv .mjv-result h4{margin:2px 0 6px;font-size:15px}
.mjv table.mjv-t{border-collapse:collapse;margin:4px 10px 8px 0;display:inline-table;vertical-align:top}
.mjv table.mjv-t th,.mjv table.mjv-t td{border-bottom:1px solid #d6d2c2;padding:2px 8px;text-align:left}
.mjv table.mjv-t td.n,.mjv table.mjv-t th.n{text-align:right;font-variant-numeric:tabular-nums}
.mjv table.mjv-t caption{text-align:left;font-weight:700;padding:2px 0}
.mjv .mjv-actions{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:8px 2px;min-height:30px}
.mjv .mjv-prompt{font-size:14px;font-weight:700;margin-right:6px}
.mjv .mjv-note{opacity:.8;font-size:12px}
"""

JS = r"""
(function(){
"use strict";
const root=document.getElementById("__ROOT__");
const D=JSON.parse(root.querySelector("script.mjv-data").textContent);
const TN=D.tiles, WIND=["East","South","West","North"], WZH="东南西北", SUIT="mps";
const RF={claimed:1,ready:2,won:4,robbed:8,wild_kong:16,old_treasure:64,face_down:32,kong_tile:128};
let H=0, E=0, VIEW=D.view===undefined||D.view===null?"all":String(D.view), timer=null;
const $=s=>root.querySelector(s);
function esc(s){return String(s).replace(/[&<>"]/g,c=>({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;"}[c]));}
function tile(k,cls,title,attrs){
  const id=k>=0?k:"back", name=k>=0?TN[k][0]:"hidden";
  const t=title||(k>=0?TN[k].join(" "):"hidden tile");
  return '<span class="tile '+(cls||"")+'" data-tile="'+name+'" title="'+esc(t)+'"'+(attrs||"")+
   '><svg viewBox="0 0 30 40"><use href="#mjt-'+id+'"/></svg></span>';
}
function hand(){return D.hands[H];}
function masked(pic,seat){
  if(pic.phase==="done") return pic;
  const out=JSON.parse(JSON.stringify(pic));
  out.seats.forEach((st,p)=>{
    if(p===seat) return;
    st.hidden=st.hand.length+(st.drawn>=0?1:0); st.hand=[]; st.drawn=-1;
    st.melds.forEach(m=>{if(m.hidden) m.tiles=m.tiles.map(()=>-1);});
    st.river.forEach(r=>{if(r[1]&RF.face_down) r[0]=-1;});
    if(out.phase==="choose_suit") st.void=-1;
  });
  const me=out.seats[seat]; if(!me||!me.looked) out.treasure=-1;
  return out;
}
function positions(n,bottom){
  const names=n===2?["bottom","top"]:n===3?["bottom","right","left"]:["bottom","right","top","left"];
  const pos=[]; for(let p=0;p<n;p++) pos[p]=names[(p-bottom+n)%n]; return pos;
}
function seatName(p){return (D.names&&D.names[p])?D.names[p]:"seat "+p;}
function seatHTML(pic,p,pos,opts){
  const st=pic.seats[p], wild=new Set(pic.wild||[]);
  const w=st.wind, cls=["seat","pos-"+pos];
  if(pic.to_act===p) cls.push("toact"); if(st.won) cls.push("won");
  let h='<div class="'+cls.join(" ")+'" data-seat="'+p+'"><div class="head"><span class="name">'+esc(seatName(p))+'</span>'+
   '<span class="badge">'+WIND[w]+' '+WZH[w]+'</span>';
  if(p===pic.dealer) h+='<span class="badge dealer">dealer 庄</span>';
  if(st.ready) h+='<span class="badge ready">ready 听</span>';
  if(st.void>=0) h+='<span class="badge void">void 缺'+SUIT[st.void]+'</span>';
  if(st.won) h+='<span class="badge won">won 和'+(st.value?' '+st.value:'')+'</span>';
  if(pic.to_act===p) h+='<span class="badge">to act</span>';
  h+='<span class="score" title="score">'+st.score+'</span></div>';
  // concealed hand
  h+='<div class="row hand">';
  const act=opts.act||{};
  if(st.hidden!==undefined){for(let i=0;i<st.hidden;i++) h+=tile(-1);}
  else{
    st.hand.forEach(k=>{const a=act[k]; h+=tile(k,(wild.has(k)?"wild ":"")+(a!==undefined?"act":""),null,a!==undefined?' data-action="'+a+'"':"");});
    if(st.drawn>=0){const a=act[st.drawn]; h+='<span class="gap"></span>'+tile(st.drawn,"drawn "+(wild.has(st.drawn)?"wild ":"")+(a!==undefined?"act":""),null,a!==undefined?' data-action="'+a+'"':"");}
  }
  h+='</div>';
  // melds and flowers
  if(st.melds.length||st.flowers.length){
    h+='<div class="row melds">';
    const n=pic.seats.length;
    st.melds.forEach(m=>{
      // the claimed tile lies sideways: left from the previous seat, right from the next one,
      // in the middle from any other
      let tiles=m.tiles.slice(), side=-1;
      if(m.from>=0&&m.claimed>=0&&tiles.indexOf(m.claimed)>=0){
        tiles.splice(tiles.indexOf(m.claimed),1);
        const rel=(m.from-p+n)%n; side=rel===n-1?0:rel===1?tiles.length:1;
        tiles.splice(side,0,m.claimed);
      }
      h+='<span class="meld" data-meld="'+m.type+'">';
      tiles.forEach((k,i)=>{h+=tile(k,(i===side?"side ":"")+(wild.has(k)?"wild":""));});
      const label=m.type.replace("_"," ")+(m.from>=0?" · from "+seatName(m.from):m.type.indexOf("concealed")>=0?" · 暗":"");
      h+='<small>'+esc(label)+'</small></span>';
    });
    if(st.flowers.length){h+='<span class="meld flowers"><span class="lbl">flowers 花</span>'; st.flowers.forEach(k=>{h+=tile(k);}); h+='</span>';}
    h+='</div>';
  }
  // discards
  h+='<div class="row river"><span class="lbl">discards</span>';
  st.river.forEach((r,i)=>{
    const k=r[0],f=r[1],by=r[2]; const c=[]; let t=k>=0?TN[k].join(" "):"face-down discard";
    if(f&RF.claimed){c.push("claimed"); t+=" · claimed"+(by>=0?" by "+seatName(by):"");}
    if(f&RF.ready){c.push("side"); t+=" · declared ready";}
    if(f&RF.won){c.push("wonon"); t+=" · won on";}
    if(f&RF.robbed) t+=" · robbed kong tile";
    if(f&(RF.wild_kong|RF.kong_tile)) t+=" · set aside as a kong";
    if(f&RF.old_treasure) t+=" · old 宝";
    if(opts.last&&opts.last[0]===p&&opts.last[1]===i) c.push("last");
    if(wild.has(k)) c.push("wild");
    h+=tile(k,c.join(" "),t);
  });
  h+='</div></div>';
  return h;
}
function centerHTML(pic,hd){
  let h='<div class="mjv-center">';
  const rw=pic.round_wind;
  h+='<div class="big">'+WIND[rw]+' round '+WZH[rw]+'风</div>';
  h+='<div>hand '+hd.hand_no+' · dealer '+esc(seatName(pic.dealer))+'</div>';
  h+='<div class="line" title="live tiles in the wall; draws before a drawn hand">wall <b>'+pic.wall+'</b> · '+pic.draws_left+' to draw</div>';
  if(pic.dice&&pic.dice[0]>0) h+='<div>dice '+pic.dice[0]+' + '+pic.dice[1]+'</div>';
  if(pic.dora&&pic.dora.length){h+='<div class="line"><span class="lbl">dora indicator</span>'; pic.dora.forEach(k=>{h+=tile(k);}); h+='</div>';}
  if(pic.ura&&pic.ura.length){h+='<div class="line"><span class="lbl">ura dora</span>'; pic.ura.forEach(k=>{h+=tile(k);}); h+='</div>';}
  if(pic.indicator>=0) h+='<div class="line"><span class="lbl">indicator</span>'+tile(pic.indicator)+'</div>';
  if(pic.wild&&pic.wild.length){h+='<div class="line"><span class="lbl">wild 混/赖</span>'; pic.wild.forEach(k=>{h+=tile(k,"wild");}); h+='</div>';}
  if(pic.treasure>=0) h+='<div class="line"><span class="lbl">宝</span>'+tile(pic.treasure,"wild")+'</div>';
  if(pic.bird>=0) h+='<div class="line"><span class="lbl">bird 鸟</span>'+tile(pic.bird)+'</div>';
  if(pic.react) h+='<div class="line"><span class="lbl">claim?</span>'+tile(pic.react.tile)+'<span>from '+esc(seatName(pic.react.from))+'</span></div>';
  if(pic.phase!=="turn"&&pic.phase!=="react") h+='<div>phase: '+esc(pic.phase.replace("_"," "))+'</div>';
  h+='</div>';
  return h;
}
function tableHTML(pic,hd,opts){
  const n=pic.seats.length, bottom=opts.bottom||0, pos=positions(n,bottom);
  let h='<div class="mjv-table">';
  for(let p=0;p<n;p++) h+=seatHTML(pic,p,pos[p],opts);
  h+=centerHTML(pic,hd)+'</div>';
  return h;
}
function lastDiscard(pic,ev){
  if(!ev||ev.kind!=="act"||!/discards/.test(ev.text)) return null;
  const r=pic.seats[ev.seat].river; return r.length?[ev.seat,r.length-1]:null;
}
// ---------------------------------------------------------------- the viewer
function eventText(ev){
  if(VIEW!=="all"&&ev.public&&String(ev.who)!==VIEW) return ev.public;
  return ev.text;
}
function draw(){
  const hd=hand(), n=hd.events.length;
  E=Math.max(0,Math.min(E,n));
  let pic=hd.pictures[E===0?hd.start:hd.events[E-1].pic];
  const seat=VIEW==="all"?null:Number(VIEW);
  if(seat!==null) pic=masked(pic,seat);
  const ev=E>0?hd.events[E-1]:null;
  $(".mjv-board").innerHTML=tableHTML(pic,hd,{bottom:seat===null?0:seat,last:lastDiscard(pic,ev)});
  $(".mjv-pos").textContent=E+" / "+n;
  const sl=$(".mjv-slider"); sl.max=n; sl.value=E;
  $(".mjv-caption").innerHTML=ev?'<b>'+E+'.</b> '+esc(eventText(ev)):"the deal: "+esc(seatName(hd.dealer))+" is the dealer";
  const res=$(".mjv-resultbox");
  res.innerHTML=pic.result&&hd.result_html?hd.result_html:"";
  const log=$(".mjv-log"); let lh="";
  hd.events.forEach((e,i)=>{lh+='<div data-e="'+(i+1)+'" class="'+(i+1===E?"cur":i+1>E?"future":"")+'">'+(i+1)+". "+esc(eventText(e))+'</div>';});
  log.innerHTML=lh;
  const cur=log.querySelector(".cur"); log.scrollTop=cur?cur.offsetTop-log.clientHeight/2:0;
  $('button[data-go="play"]').textContent=timer?"pause":"play";
  root.querySelectorAll("button[data-go]").forEach(b=>{const g=b.dataset.go; b.disabled=(g==="first"||g==="prev")?E===0:(g==="next"||g==="last")?E===n:false;});
}
function go(where){
  const n=hand().events.length;
  if(where==="first") E=0; else if(where==="prev") E=E-1; else if(where==="next") E=E+1; else if(where==="last") E=n;
  else if(where==="play"){ if(timer){clearInterval(timer);timer=null;} else {if(E>=n)E=0; timer=setInterval(()=>{if(E>=hand().events.length){clearInterval(timer);timer=null;draw();return;}E++;draw();},350);} }
  draw();
}
function viewer(){
  let h='<div class="mjv-top"><span class="mjv-title">'+esc(D.title)+'</span><span class="mjv-sub"></span></div>';
  h+='<div class="mjv-board"></div>';
  h+='<div class="mjv-caption"></div>';
  h+='<div class="mjv-controls">';
  if(D.hands.length>1){h+='<select class="mjv-hand" title="hand">'; D.hands.forEach((x,i)=>{h+='<option value="'+i+'">'+(i+1)+'. '+esc(x.variant)+' · hand '+x.hand_no+'</option>';}); h+='</select>';}
  h+='<button data-go="first" title="the deal (Home)">«</button><button data-go="prev" title="previous event (←)">‹ back</button>'+
     '<button data-go="play" title="play / pause (space)">play</button><button data-go="next" title="next event (→)">next ›</button>'+
     '<button data-go="last" title="the end (End)">»</button>'+
     '<input class="mjv-slider" type="range" min="0" value="0" aria-label="event"><span class="mjv-pos"></span>'+
     '<select class="mjv-view" title="whose view"><option value="all">all hands open</option>';
  for(let p=0;p<D.hands[0].n_players;p++) h+='<option value="'+p+'">'+esc(seatName(p))+"'s view</option>";
  h+='</select></div><div class="mjv-resultbox"></div><div class="mjv-log"></div>';
  root.querySelector(".mjv-app").innerHTML=h;
  const sub=()=>{const hd=hand(); $(".mjv-sub").textContent="hand "+hd.hand_no+" · seed "+hd.seed+(hd.rules_version?" · mjsim "+hd.rules_version:"")+(hd.done?"":" · in progress");};
  root.querySelectorAll("button[data-go]").forEach(b=>b.addEventListener("click",()=>go(b.dataset.go)));
  $(".mjv-slider").addEventListener("input",e=>{E=Number(e.target.value);draw();});
  $(".mjv-view").value=VIEW; $(".mjv-view").addEventListener("change",e=>{VIEW=e.target.value;draw();});
  if(D.hands.length>1) $(".mjv-hand").addEventListener("change",e=>{H=Number(e.target.value);E=0;sub();draw();});
  $(".mjv-log").addEventListener("click",e=>{const d=e.target.closest("[data-e]"); if(d){E=Number(d.dataset.e);draw();}});
  root.tabIndex=0;
  root.addEventListener("keydown",e=>{
    const k={ArrowLeft:"prev",ArrowRight:"next",Home:"first",End:"last"," ":"play"}[e.key];
    if(k&&e.target.tagName!=="SELECT"&&e.target.tagName!=="INPUT"){e.preventDefault();go(k);}
  });
  H=D.hand||0; E=D.at==="end"?hand().events.length:(D.at||0);
  if(D.hands.length>1) $(".mjv-hand").value=String(H);
  sub(); draw();
}
// ---------------------------------------------------------------- play mode
let S=null;
function api(path,body){
  return fetch(path,body===undefined?{}:{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify(body)})
   .then(r=>r.json());
}
function playDraw(){
  const s=S, you=s.you;
  const act={}; (s.legal||[]).forEach(a=>{if(a.discard!==undefined&&a.discard>=0&&act[a.discard]===undefined) act[a.discard]=a.id;});
  $(".mjv-board").innerHTML=tableHTML(s.picture,s,{bottom:you,act:act,last:s.last});
  $(".mjv-sub").textContent=s.subtitle||"";
  let h="";
  if(s.prompt) h+='<span class="mjv-prompt">'+esc(s.prompt)+'</span>';
  (s.legal||[]).forEach(a=>{h+='<button class="'+(a.primary?"primary":"")+'" data-action="'+a.id+'" title="'+esc(a.name)+'">'+esc(a.label)+'</button>';});
  if(s.done) h+='<button class="primary" data-new="1">next hand</button>';
  if(s.record_path) h+='<span class="mjv-note">record saved: '+esc(s.record_path)+' · <a href="/view" target="_blank" style="color:#f5c542">replay it</a></span>';
  $(".mjv-actions").innerHTML=h;
  $(".mjv-resultbox").innerHTML=s.result_html||"";
  const log=$(".mjv-log"); log.innerHTML=(s.log||[]).map((t,i)=>'<div class="'+(i>=s.log.length-(s.fresh||0)?"cur":"")+'">'+esc(t)+'</div>').join("");
  log.scrollTop=log.scrollHeight;
}
function send(body,path){
  root.classList.add("busy");
  api(path||"/api/act",body).then(s=>{root.classList.remove("busy"); if(s.error){alert(s.error);} else {S=s;playDraw();}});
}
function play(){
  let h='<div class="mjv-top"><span class="mjv-title">'+esc(D.title)+'</span><span class="mjv-sub"></span></div>';
  h+='<div class="mjv-board"></div><div class="mjv-actions"></div><div class="mjv-resultbox"></div><div class="mjv-log"></div>';
  root.querySelector(".mjv-app").innerHTML=h;
  root.addEventListener("click",e=>{
    const b=e.target.closest("[data-action]"); if(b){send({action:Number(b.dataset.action)});return;}
    const nb=e.target.closest("[data-new]"); if(nb) send({},"/api/new");
  });
  api("/api/state").then(s=>{S=s;playDraw();});
}
if(D.mode==="play") play(); else viewer();
})();
"""
