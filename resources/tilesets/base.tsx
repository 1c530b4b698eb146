<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="base" tilewidth="256" tileheight="256" tilecount="24" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <properties>
  <property name="expansion" value="base"/>
 </properties>
 <tile id="0">
  <properties>
   <property name="tile_id" value="A"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="ffrf"/>
   <property name="segments" value="cloister; road S; field NW NE EN ES SE SW WS WN"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/A.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile_id" value="B"/>
   <property name="count" type="int" value="4"/>
   <property name="edges" value="ffff"/>
   <property name="segments" value="cloister; field NW NE EN ES SE SW WS WN"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/B.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile_id" value="C"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cccc"/>
   <property name="segments" value="city N E S W +"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/C.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile_id" value="D"/>
   <property name="count" type="int" value="4"/>
   <property name="edges" value="crfr"/>
   <property name="segments" value="city N; road E W; field EN WN &gt; N; field ES SE SW WS"/>
   <property name="role" value="start"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/D.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile_id" value="E"/>
   <property name="count" type="int" value="5"/>
   <property name="edges" value="cfff"/>
   <property name="segments" value="city N; field EN ES SE SW WS WN &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/E.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile_id" value="F"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="fcfc"/>
   <property name="segments" value="city E W +; field NW NE &gt; E; field SE SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/F.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile_id" value="G"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fcfc"/>
   <property name="segments" value="city E W; field NW NE &gt; E; field SE SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/G.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile_id" value="H"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="cfcf"/>
   <property name="segments" value="city N; city S; field EN ES WS WN &gt; N S"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/H.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile_id" value="I"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N; city W; field EN ES SE SW &gt; N W"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/I.png"/>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile_id" value="J"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="crrf"/>
   <property name="segments" value="city N; road E S; field EN SW WS WN &gt; N; field ES SE"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/J.png"/>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile_id" value="K"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="cfrr"/>
   <property name="segments" value="city N; road S W; field EN ES SE WN &gt; N; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/K.png"/>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile_id" value="L"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="crrr"/>
   <property name="segments" value="city N; road E; road S; road W; field EN WN &gt; N; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/L.png"/>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile_id" value="M"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W +; field EN ES SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/M.png"/>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile_id" value="N"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W; field EN ES SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/N.png"/>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile_id" value="O"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W +; road E S; field EN SW &gt; N; field ES SE"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/O.png"/>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile_id" value="P"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W; road E S; field EN SW &gt; N; field ES SE"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/P.png"/>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile_id" value="Q"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="city N E W +; field SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/Q.png"/>
 </tile>
 <tile id="17">
  <properties>
   <property name="tile_id" value="R"/>
   <property name="count" type="int" value="3"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="city N E W; field SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/R.png"/>
 </tile>
 <tile id="18">
  <properties>
   <property name="tile_id" value="S"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="ccrc"/>
   <property name="segments" value="city N E W +; road S; field SE &gt; N; field SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/S.png"/>
 </tile>
 <tile id="19">
  <properties>
   <property name="tile_id" value="T"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccrc"/>
   <property name="segments" value="city N E W; road S; field SE &gt; N; field SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/T.png"/>
 </tile>
 <tile id="20">
  <properties>
   <property name="tile_id" value="U"/>
   <property name="count" type="int" value="8"/>
   <property name="edges" value="frfr"/>
   <property name="segments" value="road E W; field NW NE EN WN; field ES SE SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/U.png"/>
 </tile>
 <tile id="21">
  <properties>
   <property name="tile_id" value="V"/>
   <property name="count" type="int" value="9"/>
   <property name="edges" value="ffrr"/>
   <property name="segments" value="road S W; field NW NE EN ES SE WN; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/V.png"/>
 </tile>
 <tile id="22">
  <properties>
   <property name="tile_id" value="W"/>
   <property name="count" type="int" value="4"/>
   <property name="edges" value="frrr"/>
   <property name="segments" value="road E; road S; road W; field NW NE EN WN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/W.png"/>
 </tile>
 <tile id="23">
  <properties>
   <property name="tile_id" value="X"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rrrr"/>
   <property name="segments" value="road N; road E; road S; road W; field NW WN; field NE EN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/base/X.png"/>
 </tile>
</tileset>
