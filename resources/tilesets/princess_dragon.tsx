<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="princess_dragon" tilewidth="256" tileheight="256" tilecount="29" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <properties>
  <property name="expansion" value="princess_dragon"/>
  <property name="marks" value="princess:city tunnel:road"/>
 </properties>
 <tile id="0">
  <properties>
   <property name="tile_id" value="PD1"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrr"/>
   <property name="segments" value="city N princess; road E; road S; road W; field EN WN &gt; N; field ES SE; field SW WS"/>
   <property name="symbol" value="princess"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD1.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile_id" value="PD2"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W princess; field EN ES SE SW &gt; N"/>
   <property name="symbol" value="princess"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD2.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile_id" value="PD3"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="city N E W princess; field SE SW &gt; N"/>
   <property name="symbol" value="princess"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD3.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile_id" value="PD4"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W princess; road E S; field EN SW &gt; N; field ES SE"/>
   <property name="symbol" value="princess"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD4.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile_id" value="PD5"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W princess; field EN ES &gt; N; field SE SW &gt; N"/>
   <property name="symbol" value="princess"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD5.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile_id" value="PD6"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cccf"/>
   <property name="segments" value="city N princess; city E S +; field WS WN &gt; N; field inner &gt; N E"/>
   <property name="symbol" value="princess"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD6.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile_id" value="PD7"/>
   <property name="count" type="int" value="2"/>
   <property name="edges" value="ffrr"/>
   <property name="segments" value="road S W; field NW NE EN ES SE WN; field SW WS"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD7.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile_id" value="PD8"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frrr"/>
   <property name="segments" value="road E; road S; road W; field NW NE EN WN; field ES SE; field SW WS"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD8.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile_id" value="PD9"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frfr"/>
   <property name="segments" value="road E W; field NW NE EN WN; field ES SE SW WS"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD9.png"/>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile_id" value="PD10"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfff"/>
   <property name="segments" value="city N; field EN ES SE SW WS WN &gt; N"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD10.png"/>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile_id" value="PD11"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cffc"/>
   <property name="segments" value="city N W; field EN ES SE SW &gt; N"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD11.png"/>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile_id" value="PD12"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrr"/>
   <property name="segments" value="city N; road S W; field EN ES SE WN &gt; N; field SW WS"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD12.png"/>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile_id" value="PD13"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrf"/>
   <property name="segments" value="city N; road E S; field EN SW WS WN &gt; N; field ES SE"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD13.png"/>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile_id" value="PD14"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="fcfc"/>
   <property name="segments" value="city E W +; field NW NE &gt; E; field SE SW &gt; E"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD14.png"/>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile_id" value="PD15"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="cloister; city N E W; field SE SW &gt; N"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD15.png"/>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile_id" value="PD16"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frrr"/>
   <property name="segments" value="cloister; road E; road S; road W; field NW NE EN WN; field ES SE; field SW WS"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD16.png"/>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile_id" value="PD17"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rcrc"/>
   <property name="segments" value="city E W; road N S tunnel; field NW NE &gt; E; field SE SW &gt; E"/>
   <property name="symbol" value="dragon"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD17.png"/>
 </tile>
 <tile id="17">
  <properties>
   <property name="tile_id" value="PD18"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="rrrr"/>
   <property name="segments" value="road N W; road E S; field NW WN; field ES SE; field NE EN SW WS"/>
   <property name="symbol" value="portal"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD18.png"/>
 </tile>
 <tile id="18">
  <properties>
   <property name="tile_id" value="PD19"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccfc"/>
   <property name="segments" value="city N E W +; field SE SW &gt; N"/>
   <property name="symbol" value="portal"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD19.png"/>
 </tile>
 <tile id="19">
  <properties>
   <property name="tile_id" value="PD20"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrc"/>
   <property name="segments" value="city N W; road E S; field EN SW &gt; N; field ES SE"/>
   <property name="symbol" value="portal"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD20.png"/>
 </tile>
 <tile id="20">
  <properties>
   <property name="tile_id" value="PD21"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfrr"/>
   <property name="segments" value="city N; road S W; field EN ES SE WN &gt; N; field SW WS"/>
   <property name="symbol" value="portal"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD21.png"/>
 </tile>
 <tile id="21">
  <properties>
   <property name="tile_id" value="PD22"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="crrf"/>
   <property name="segments" value="city N; road E S; field EN SW WS WN &gt; N; field ES SE"/>
   <property name="symbol" value="portal"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD22.png"/>
 </tile>
 <tile id="22">
  <properties>
   <property name="tile_id" value="PD23"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frrr"/>
   <property name="segments" value="road E; road S; road W; field NW NE EN WN; field ES SE; field SW WS"/>
   <property name="symbol" value="portal"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD23.png"/>
 </tile>
 <tile id="23">
  <properties>
   <property name="tile_id" value="PD24"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ffrf"/>
   <property name="segments" value="road S; field NW NE EN ES SE SW WS WN"/>
   <property name="symbol" value="volcano"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD24.png"/>
 </tile>
 <tile id="24">
  <properties>
   <property name="tile_id" value="PD25"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="cfff"/>
   <property name="segments" value="city N; field EN ES SE SW WS WN &gt; N"/>
   <property name="symbol" value="volcano"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD25.png"/>
 </tile>
 <tile id="25">
  <properties>
   <property name="tile_id" value="PD26"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ccff"/>
   <property name="segments" value="city N; city E; field SE SW WS WN &gt; N E"/>
   <property name="symbol" value="volcano"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD26.png"/>
 </tile>
 <tile id="26">
  <properties>
   <property name="tile_id" value="PD27"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ffrr"/>
   <property name="segments" value="road S W; field NW NE EN ES SE WN; field SW WS"/>
   <property name="symbol" value="volcano"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD27.png"/>
 </tile>
 <tile id="27">
  <properties>
   <property name="tile_id" value="PD28"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="ffff"/>
   <property name="segments" value="field NW NE EN ES SE SW WS WN"/>
   <property name="symbol" value="volcano"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD28.png"/>
 </tile>
 <tile id="28">
  <properties>
   <property name="tile_id" value="PD29"/>
   <property name="count" type="int" value="1"/>
   <property name="edges" value="frfr"/>
   <property name="segments" value="road E W; field NW NE EN WN; field ES SE SW WS"/>
   <property name="symbol" value="volcano"/>
  </properties>
  <image width="256" height="256" source="../tiles/princess_dragon/PD29.png"/>
 </tile>
</tileset>
