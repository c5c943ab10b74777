//+------------------------------------------------------------------+
//| Expert/Signal/SignalITF.mqh — CSignalITF (Standard Library): the |
//| MQL5 Wizard's intraday time filter.                              |
//|                                                                  |
//| Direction() is 0.0 (no vote) when the server time of the last    |
//| quote is allowed and EMPTY_VALUE (trading forbidden) otherwise:  |
//| the day of the week must be GoodDayOfWeek (-1: any) and not in   |
//| the BadDaysOfWeek bit mask (bit 0 = Sunday); the same for the    |
//| hour (GoodHourOfDay, BadHoursOfDay, bit 0 = 00:00) and the minute|
//| (GoodMinuteOfHour, BadMinutesOfHour, a long mask).               |
//| As a filter it still counts in the average of the signal's votes.|
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Signals of intraday time filter                            |
//| Type=SignalAdvanced                                              |
//| Name=Intraday Time Filter                                        |
//| ShortName=ITF                                                    |
//| Class=CSignalITF                                                 |
//| Page=signal_time_filter                                          |
//| Parameter=GoodMinuteOfHour,int,-1,Good minute of hour            |
//| Parameter=BadMinutesOfHour,long,0,Bad minutes of hour (bit-map)  |
//| Parameter=GoodHourOfDay,int,-1,Good hour of day                  |
//| Parameter=BadHoursOfDay,int,0,Bad hours of day (bit-map)         |
//| Parameter=GoodDayOfWeek,int,-1,Good day of week                  |
//| Parameter=BadDaysOfWeek,int,0,Bad days of week (bit-map)         |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertSignal.mqh>

class CSignalITF : public CExpertSignal
  {
protected:
   int               m_good_minute_of_hour;
   long              m_bad_minutes_of_hour;
   int               m_good_hour_of_day;
   int               m_bad_hours_of_day;
   int               m_good_day_of_week;
   int               m_bad_days_of_week;

public:
                     CSignalITF(void) : m_good_minute_of_hour(-1), m_bad_minutes_of_hour(0), m_good_hour_of_day(-1),
                                        m_bad_hours_of_day(0), m_good_day_of_week(-1), m_bad_days_of_week(0) {}
                    ~CSignalITF(void) {}
   //--- parameters
   void              GoodMinuteOfHour(int value) { m_good_minute_of_hour = value; }
   void              BadMinutesOfHour(long value) { m_bad_minutes_of_hour = value; }
   void              GoodHourOfDay(int value) { m_good_hour_of_day = value; }
   void              BadHoursOfDay(int value) { m_bad_hours_of_day = value; }
   void              GoodDayOfWeek(int value) { m_good_day_of_week = value; }
   void              BadDaysOfWeek(int value) { m_bad_days_of_week = value; }
   //--- the vote
   virtual double    Direction(void);
  };
//+------------------------------------------------------------------+
//| 0.0 when trading is allowed now, EMPTY_VALUE when it is not.     |
//+------------------------------------------------------------------+
double CSignalITF::Direction(void)
  {
   MqlDateTime now;
   datetime time = (m_symbol != NULL && m_symbol.Time() != 0) ? m_symbol.Time() : TimeCurrent();
   TimeToStruct(time, now);
   if(m_good_day_of_week != -1 && m_good_day_of_week != now.day_of_week)
      return(EMPTY_VALUE);
   if((m_bad_days_of_week & (1 << now.day_of_week)) != 0)
      return(EMPTY_VALUE);
   if(m_good_hour_of_day != -1 && m_good_hour_of_day != now.hour)
      return(EMPTY_VALUE);
   if((m_bad_hours_of_day & (1 << now.hour)) != 0)
      return(EMPTY_VALUE);
   if(m_good_minute_of_hour != -1 && m_good_minute_of_hour != now.min)
      return(EMPTY_VALUE);
   if((m_bad_minutes_of_hour & (((long)1) << now.min)) != 0)
      return(EMPTY_VALUE);
   return(0.0);
  }
//+------------------------------------------------------------------+
