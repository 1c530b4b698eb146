<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="inns_cathedrals" tilewidth="256" tileheight="256" tilecount="17" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <properties>
  <property name="expansion" value="inns_cathedrals"/>
  <property name="marks" value="inn:road cathedral:city"/>
 </properties>
 <tile id="0">
  <properties>
   <property name="tile_id" value="IC1"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="cccc"/>
   <property name="segments" value="city N E S W cathedral"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC1.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile_id" value="IC2"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frfr"/>
   <property name="segments" value="cloister; road E; road W; field NW NE EN WN; field ES SE SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC2.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile_id" value="IC3"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cccc"/>
   <property name="segments" value="city N; city E; city S; city W; field inner &gt; N E S W"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC3.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile_id" value="IC4"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="city N; city E; city W; field SE SW &gt; N E W"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC4.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile_id" value="IC5"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crcr"/>
   <property name="segments" value="city N; city S; road E; road W; field EN &gt; N; field WN &gt; N; field ES &gt; S; field WS &gt; S"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC5.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile_id" value="IC6"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfcc"/>
   <property name="segments" value="city N W +; city S; field EN ES &gt; N S"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC6.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile_id" value="IC7"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfff"/>
   <property name="segments" value="city N; field EN ES &gt; N; field SE SW WS WN &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC7.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile_id" value="IC8"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrf"/>
   <property name="segments" value="city N; road S; field SW WS WN &gt; N; field EN ES SE &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC8.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile_id" value="IC9"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crfc"/>
   <property name="segments" value="city N W; road E; field EN &gt; N; field ES SE SW &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC9.png"/>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile_id" value="IC10"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rcrc"/>
   <property name="segments" value="city E W +; road N; road S; field NW &gt; E; field NE &gt; E; field SE &gt; E; field SW &gt; E"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC10.png"/>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile_id" value="IC11"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrc"/>
   <property name="segments" value="city N W; road S inn; field SW &gt; N; field EN ES SE &gt; N"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC11.png"/>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile_id" value="IC12"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrr"/>
   <property name="segments" value="city N; road S W inn; field EN ES SE WN &gt; N; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC12.png"/>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile_id" value="IC13"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W +; road E S inn; field EN SW &gt; N; field ES SE"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC13.png"/>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile_id" value="IC14"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frrr"/>
   <property name="segments" value="road E inn; road S; road W; field NW NE EN WN; field ES SE; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC14.png"/>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile_id" value="IC15"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frfr"/>
   <property name="segments" value="road E W inn; field NW NE EN WN; field ES SE SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC15.png"/>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile_id" value="IC16"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ffrr"/>
   <property name="segments" value="road S W inn; field NW NE EN ES SE WN; field SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC16.png"/>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile_id" value="IC17"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rrrr"/>
   <property name="segments" value="road N W; road E S; field NW WN; field ES SE; field NE EN SW WS"/>
  </properties>
  <image width="256" height="256" source="../tiles/inns_cathedrals/IC17.png"/>
 </tile>
</tileset>
